// Words the pages share beside the engine's sentences: a bot's level, a move's token, a seat
// marked as the reader's own, a list of names. Tokens stay what is sent; these are only shown.

import { N_, _, format } from "./i18n.js";

/** The bot levels a player chooses between, as words (the searches' other names stay). */
const LEVELS = {
  random: N_("random"),
  easy: N_("easy"),
  medium: N_("medium"),
  hard: N_("hard"),
  expert: N_("expert"),
};

/** A bot level as the reader reads it. */
export function levelName(level) {
  return LEVELS[level] ? _(LEVELS[level]) : String(level);
}

/** The moves that are words, not cards, by their token. */
const MOVES = {
  "abandon": N_("abandon"),
  "accept": N_("accept"),
  "beg": N_("beg"),
  "double": N_("double"),
  "draw": N_("draw"),
  "generale": N_("generale"),
  "give": N_("give"),
  "guess black": N_("guess black"),
  "guess red": N_("guess red"),
  "keep": N_("keep"),
  "mark king": N_("mark the king"),
  "moon add": N_("moon: add"),
  "moon subtract": N_("moon: subtract"),
  "name clubs": N_("name clubs"),
  "name diamonds": N_("name diamonds"),
  "name hearts": N_("name hearts"),
  "name spades": N_("name spades"),
  "no bet": N_("no bet"),
  "no bid": N_("no bid"),
  "no generale": N_("no generale"),
  "offer point": N_("offer the point"),
  "pass": N_("pass"),
  "play": N_("play"),
  "refuse": N_("refuse"),
  "run": N_("run the cards"),
  "sell": N_("sell"),
  "stand": N_("stand"),
  "throw in": N_("throw in"),
};

/** Moves with a number in them: the token's pattern and its words. */
const NUMBERED = [
  [/^bid (\d+)$/, N_("bid {n}")],
  [/^choose (\d+)$/, N_("choose {n}")],
  [/^propose (\d+)$/, N_("propose {n}")],
  [/^deal (\d+)-(\d+)$/, N_("deal {n}-{m}")],
];

/** A move token that is not a card in the reader's words (``pass`` → ``pasar``); a token it
 * does not know (a Spite and Malice move, a card) as it is. */
export function moveWords(token) {
  if (MOVES[token]) return _(MOVES[token]);
  for (const [pattern, words] of NUMBERED) {
    const m = pattern.exec(token);
    if (m) return format(_(words), { n: m[1], m: m[2] });
  }
  return token;
}

/** A seat's name, marked when it is the reader's own: "Ann (you)" (a seat called "You" as
 * it is). */
export function yours(name, mine) {
  return mine && name !== _("You") ? format(_("{name} (you)"), { name }) : name;
}

/** Names as a list in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listText(names) {
  if (names.length < 2) return names.join("");
  return format(_("{list} and {last}"), { list: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}
