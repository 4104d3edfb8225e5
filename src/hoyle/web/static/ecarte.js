// Écarté and Bourré at the table: the notes under each seat (elder, the cards it took in the
// exchange, vulnerable, games won; for Bourré play or pass, cards drawn, chips owed) and the
// words of a French Écarté bet's button. The turn-up, trumps, the pot and the rest are the
// family's facts (`msg.facts`), drawn by render.js. Every note is read from the observation.

import { _, format } from "./i18n.js";
import { moveWords } from "./words.js";

function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : format(_("Seat {n}"), { n: seat });
}

/** True for a Bourré observation (the family's multi-player form, with a pot). */
export function isBourre(obs) {
  return "pot" in obs;
}

/** Short notes under a seat's name: what it took in the exchange, its declaration, its games. */
export function ecarteSeatNotes(msg, seat) {
  const obs = msg.observation;
  const notes = [];
  if (isBourre(obs)) {
    const said = Array.isArray(obs.declared) ? obs.declared[seat] : null;
    if (said) notes.push(said === "play" ? _("plays") : said === "pass" ? _("passes") : String(said));
    const drew = Array.isArray(obs.drawn) ? obs.drawn[seat] : 0;
    if (drew) notes.push(format(_("drew {n}"), { n: drew }));
    if (Array.isArray(obs.owed) && obs.owed[seat]) notes.push(format(_("owes {n}"), { n: obs.owed[seat] }));
    return notes;
  }
  const playing = !Array.isArray(obs.pair) || obs.pair.includes(seat);
  if (!playing) return [_("waiting")];
  if (seat === obs.elder) notes.push(_("elder"));
  const taken = Array.isArray(obs.cards_taken) ? obs.cards_taken[seat] : undefined;
  if (typeof taken === "number" && (obs.proposals || []).length) notes.push(format(_("took {n}"), { n: taken }));
  if (Array.isArray(obs.vulnerable) && obs.vulnerable[seat]) notes.push(_("vulnerable"));
  if (Array.isArray(obs.games_won) && obs.games_won[seat]) notes.push(format(_("games {n}"), { n: obs.games_won[seat] }));
  return notes;
}

/** A button's words for a move token: `back 2` names the player backed (French Écarté). */
export function ecarteLabel(msg, token) {
  const m = /^back (\d+)$/.exec(token);
  return m ? format(_("back {name}"), { name: seatName(msg, Number(m[1])) }) : moveWords(token);
}
