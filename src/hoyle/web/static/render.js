// Turning a state message into the felt: seats round the table, the trick in the middle (or a
// finished trick held there, its taker's card marked), and the facts the family names for the
// table (trumps, the contract, the turn-up, the pot …). Everything shown is read from the
// message: the observation's envelope, the log and `facts`; this page decides no rule.

import { cardSVG, cardLabel } from "./cards.js";
import { SEAT_COLOURS } from "./chart.js";
import { h } from "./dom.js";
import { ecarteSeatNotes } from "./ecarte.js";
import { _, format, ngettext } from "./i18n.js";
import { levelName, moveWords, yours } from "./words.js";

export { h };

/** A seat's name as the table shows it. */
export function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : format(_("Seat {n}"), { n: seat });
}

/** A seat's name as its box shows it: for a club player, a link to their profile (in a new
 * tab: the game goes on in this one); a guest's or a bot's name as plain text. */
export function seatNameNode(s, mine) {
  const name = yours(s.name, mine);
  if (!s.player) return name;
  return h("a", {
    class: "profile-link", href: `/players/${encodeURIComponent(s.player)}`, target: "_blank", rel: "noopener",
    title: format(_("{name}'s profile, in a new tab"), { name: s.player }),
  }, name);
}

/** Where a seat sits: its fraction across (0 left … 1 right) and down (0 top … 1 bottom) the
 * felt, counted from the viewer (at the bottom) in the direction of play. */
function place(rel, n) {
  const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
  return { x: (1 + Math.cos(angle)) / 2, y: (1 + Math.sin(angle)) / 2 };
}

/** The cell of the felt's three-by-three grid where a seat placed at {x, y} sits: row and
 * column 1 (top, left) to 3 (bottom, right). The middle cell is the trick's, and no seat falls
 * in it (a seat lies on the circle round it); for up to eight seats no two share a cell. */
function cellOf(p) {
  const band = (v) => (v < 0.3 ? 1 : v > 0.7 ? 3 : 2);
  return { row: band(p.y), col: band(p.x) };
}

const ALIGN = { 1: "start", 2: "center", 3: "end" };

/** Notes under each seat's name, by view (a rule-free reading of public facts). */
const SEAT_NOTES = { exchange: ecarteSeatNotes };

/** The partnerships the observation declares (`teams` or `sides`: lists of seats), when any
 * has two or more seats; else null. */
export function partnerships(obs) {
  for (const key of ["teams", "sides"]) {
    const v = obs[key];
    if (Array.isArray(v) && v.every(Array.isArray) && v.some((side) => side.length > 1)) return v;
  }
  return null;
}

const TEAM_NAMES = ["A", "B", "C", "D"];

/** Seconds as m:ss. */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** One seat's box: name, who plays it, score, cards, tricks, partner, dealer, the clock. */
function seatBox(msg, seat, clockLeft) {
  const obs = msg.observation;
  const s = msg.seats[seat];
  const n = msg.seats.length;
  // A replay names each seat's player itself (nobody is here or away in a finished game).
  const status = s.status ? s.status : seatStatus(s);
  const stats = [];
  if (Array.isArray(obs.scores)) stats.push(format(_("score {score}"), { score: obs.scores[seat] }));
  if (Array.isArray(obs.hand_sizes) && obs.hand_sizes.length === n) {
    const k = obs.hand_sizes[seat];
    stats.push(format(ngettext("{n} card", "{n} cards", k), { n: k }));
  }
  if (Array.isArray(obs.tricks_taken) && obs.tricks_taken.length === n) {
    const k = obs.tricks_taken[seat];
    stats.push(format(ngettext("{n} trick", "{n} tricks", k), { n: k }));
  }
  const teams = partnerships(obs);
  const tags = [];
  if (obs.dealer === seat) tags.push(h("span", { class: "tag dealer", title: _("the dealer") }, _("dealer")));
  if (teams) {
    const t = teams.findIndex((side) => side.includes(seat));
    if (t >= 0) tags.push(h("span", { class: `tag team team-${t}`, title: _("partners share a score") }, format(_("team {name}"), { name: TEAM_NAMES[t] || t + 1 })));
  }
  const box = h("div", {
    class: "seat" + (msg.to_act === seat ? " to-act" : "") + (seat === msg.you ? " you" : ""),
    style: `border-color:${SEAT_COLOURS[seat % 8]}`,
    dataset: { seat: String(seat) },
  },
  h("b", { class: "name" }, seatNameNode(s, seat === msg.you)),
  h("small", {}, status),
  stats.length ? h("span", { class: "stats" }, stats.join(" · ")) : null,
  tags.length ? h("span", { class: "tags" }, ...tags) : null);
  const notes = (SEAT_NOTES[msg.view] || (() => []))(msg, seat);
  if (notes.length) box.append(h("small", { class: "notes" }, notes.join(" · ")));
  if (clockLeft !== null && msg.clock && msg.clock.seat === seat) {
    box.append(h("small", { class: "clock", title: _("a bot plays for a silent seat when this runs out") }, format(_("bot in {time}"), { time: clockText(clockLeft) })));
  }
  return box;
}

/** The plays of the trick in progress as {seat, card}, whatever shape the family sends. */
export function currentPlays(msg) {
  const obs = msg.observation;
  const n = msg.seats.length;
  if (!Array.isArray(obs.trick)) return [];
  return obs.trick.map((play, i) => (play && typeof play === "object" ?
    { seat: play.seat, card: play.card } : { seat: ((obs.leader ?? 0) + i) % n, card: play }));
}

/**
 * The felt for a trick game: every seat placed round it and, in the middle, ``trick`` (a list of
 * {seat, card}) or the trick in progress; ``winner`` marks a finished trick's taker.
 * @param {object} msg the state message
 * @param {{plays?: Array, winner?: number, clockLeft?: ?number, label?: string}} opts
 */
export function renderBoard(msg, opts = {}) {
  const n = msg.seats.length;
  const you = msg.you === null ? 0 : msg.you;
  // Five seats and more need a taller felt and smaller boxes so that none covers another.
  const felt = h("div", { class: "felt" + (n >= 5 ? " many" : ""), dataset: { seats: String(n) } });
  // The felt is a grid of three rows and three columns, the trick in the middle cell and each
  // seat in the cell of its place round the table: a seat's box and the trick never overlap,
  // at a phone's width as at a desktop's, and the felt grows when a box needs more room.
  const cells = [];
  for (let seat = 0; seat < n; seat++) cells.push(cellOf(place((seat - you + n) % n, n)));
  for (let seat = 0; seat < n; seat++) {
    const { row, col } = cells[seat];
    const box = seatBox(msg, seat, opts.clockLeft ?? null);
    // A seat alone in the top or bottom row may use the row's whole width.
    const alone = row !== 2 && col === 2 && cells.every((c, i) => i === seat || c.row !== row);
    box.style.gridRow = String(row);
    box.style.gridColumn = alone ? "1 / -1" : String(col);
    box.style.justifySelf = ALIGN[col];
    box.style.alignSelf = ALIGN[row];
    felt.append(box);
  }
  const plays = opts.plays || currentPlays(msg);
  const finished = opts.winner !== undefined && opts.winner !== null;
  const centre = h("div", { class: "trick-area" + (finished ? " finished" : ""), dataset: { cards: String(plays.length) } });
  for (const play of plays) {
    const p = place((play.seat - you + n) % n, n);
    const node = cardSVG(play.card, { size: "trick" });
    // Where the card lies in the trick's cell, toward its player (style.css spreads them).
    node.style.setProperty("--cx", (p.x - 0.5).toFixed(3));
    node.style.setProperty("--cy", (p.y - 0.5).toFixed(3));
    node.classList.add("in-trick");
    node.dataset.seat = String(play.seat);
    if (finished && play.seat === opts.winner) node.classList.add("winner");
    centre.append(node);
  }
  if (finished) {
    centre.dataset.winner = String(opts.winner);
    const caption = opts.winner === msg.you ? _("You take the trick") : format(_("{name} takes the trick"), { name: seatName(msg, opts.winner) });
    centre.append(h("div", { class: "trick-caption" }, opts.label || caption));
  }
  felt.append(centre);
  return felt;
}

/** Slide a finished trick's cards toward its taker's seat (then the caller redraws). */
export function gather(felt, winner) {
  const seatBox = felt.querySelector(`.seat[data-seat="${winner}"]`);
  if (!seatBox) return;
  const to = seatBox.getBoundingClientRect();
  for (const card of felt.querySelectorAll(".in-trick")) {
    const from = card.getBoundingClientRect();
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    card.style.transition = "transform .35s ease-in, opacity .35s ease-in";
    card.style.transform = `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(.4)`;
    card.style.opacity = "0.2";
  }
}

/** The facts the family names for the table, with their cards at full size. */
export function renderFacts(msg) {
  const facts = Array.isArray(msg.facts) ? msg.facts : [];
  if (!facts.length) return null;
  return h("div", { class: "facts" }, ...facts.map((f) => h("div", { class: "fact", dataset: { kind: f.kind } },
    h("span", { class: "fact-label" }, f.label),
    f.cards && f.cards.length ? h("span", { class: "fact-cards" }, ...f.cards.map((c) => cardSVG(c))) : null,
    h("span", { class: "fact-text" }, f.text))));
}

/** A card token or a move token as the player reads it. */
export function moveLabel(token) {
  return /^(?:[2-9TJQKA]|1[0-5]?)[CDHS]$/.test(token) || token === "XJ" ? cardLabel(token) : moveWords(token);
}

/** Who plays a seat, under its name: a bot's level, or whether its player is here. */
export function seatStatus(s) {
  if (s.kind === "bot") return format(_("bot · {level}"), { level: levelName(s.level) });
  if (s.away) return _("away · a bot plays");
  return s.connected ? _("here") : _("not here");
}
