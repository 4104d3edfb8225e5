// Turning a state message into DOM: the board (seats round a felt, the trick), the hand, and
// every other observation key shown generically so any family's view is readable.

import { cardSVG, cardLabel, isCard, isCardList } from "./cards.js";
import { SEAT_COLOURS } from "./chart.js";
import { h } from "./dom.js";
import { ECARTE_DRAWN, ecarteInfo, ecarteSeatNotes } from "./ecarte.js";

export { h };

/** Keys the board and hand draw themselves; everything else goes to the details panel. */
const DRAWN = new Set(["hand", "trick", "seat", "game", "players", "current_player", "last_trick", "scores"]);

/** Small notes above the board: a rule-free reading of public facts, by the keys a game's
 * observation has (a pass, hearts broken, the bid, the cards turned, the pitcher). */
function badges(obs, msg) {
  const out = [];
  if (obs.phase === "pass" && obs.pass_direction) out.push(`passing ${obs.pass_direction} (${obs.pass_count})`);
  if ("hearts_broken" in obs) out.push(obs.hearts_broken ? "hearts broken" : "hearts not broken");
  if (obs.bid) out.push(`bid ${obs.bid}`);
  if (isCardList(obs.turned)) out.push(`turned ${obs.turned.map(cardLabel).join(" ")}`);
  if (typeof obs.pitcher === "number") out.push(`pitcher: ${seatName(msg, obs.pitcher)}`);
  return out;
}

function words(key) {
  return key.replace(/_/g, " ");
}

/** Where seat r (counted from the viewer, in the direction of play) sits on the felt. */
function place(rel, n) {
  const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
  return { x: Math.cos(angle), y: Math.sin(angle) };
}

function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : `seat ${seat}`;
}

/** A value of any shape, drawn readably: cards as cards, per-seat lists by seat name. */
export function renderValue(value, msg, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "none" }, "—");
  if (isCard(value)) return cardSVG(value, { size: "mini" });
  if (typeof value !== "object") return h("span", { class: "scalar" }, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "none" }, "none");
    if (isCardList(value)) return h("span", { class: "cards-inline" }, ...value.map((c) => cardSVG(c, { size: "mini" })));
    if (value.every((v) => v && typeof v === "object" && "card" in v && "seat" in v)) {
      return h("span", { class: "cards-inline" }, ...value.map((v) =>
        h("span", { class: "played" }, renderValue(v.card, msg, depth + 1), h("small", {}, seatName(msg, v.seat)))));
    }
    if (value.length === msg.seats.length && depth === 0) {
      return h("table", { class: "per-seat" }, ...value.map((v, i) =>
        h("tr", {}, h("th", {}, seatName(msg, i)), h("td", {}, renderValue(v, msg, depth + 1)))));
    }
    const items = h("ol", { class: "list" }, ...value.map((v) => h("li", {}, renderValue(v, msg, depth + 1))));
    if (value.length > 6 && value.some((v) => v && typeof v === "object")) {
      return h("details", {}, h("summary", {}, `${value.length} items`), items);
    }
    return items;
  }
  if (depth > 3) return h("code", {}, JSON.stringify(value));
  return h("dl", { class: "obj" }, ...Object.entries(value).flatMap(([k, v]) => [
    h("dt", {}, words(k)), h("dd", {}, renderValue(v, msg, depth + 1)),
  ]));
}

/** Keys a view draws itself, left out of the details panel, by the view's name (the family
 * record's ``views.web``, sent as ``msg.view``). */
const VIEW_DRAWN = { exchange: ECARTE_DRAWN };

/** Notes under each seat's name, by view (a rule-free reading of public facts). */
const SEAT_NOTES = { exchange: ecarteSeatNotes };

/** A strip of facts between the badges and the felt, by view. */
const INFO = { exchange: ecarteInfo };

/** The details panel: every observation key the board does not draw (nor ``skip``). */
export function renderDetails(msg, skip = []) {
  const obs = msg.observation;
  const rows = [];
  const drawn = new Set([...skip, ...(VIEW_DRAWN[msg.view] || [])]);
  for (const [key, value] of Object.entries(obs)) {
    if (DRAWN.has(key) || drawn.has(key)) continue;
    if (value === null || (Array.isArray(value) && value.length === 0) || (typeof value === "object" && value && Object.keys(value).length === 0)) continue;
    rows.push(h("dt", {}, words(key)), h("dd", { dataset: { key } }, renderValue(value, msg)));
  }
  return h("dl", { class: "details" }, ...rows);
}

/** Seats round the felt, with the current trick (when the game has one) in the middle. */
export function renderBoard(msg) {
  const obs = msg.observation;
  const n = msg.seats.length;
  const you = msg.you === null ? 0 : msg.you;
  const felt = h("div", { class: "felt" });
  const view = msg.view;
  const scores = Array.isArray(obs.scores) ? obs.scores : null;
  const sizes = Array.isArray(obs.hand_sizes) ? obs.hand_sizes : null;
  const taken = Array.isArray(obs.tricks_taken) ? obs.tricks_taken : null;
  const points = Array.isArray(obs.points) && obs.points.length === n ? obs.points : null;
  for (let seat = 0; seat < n; seat++) {
    const rel = (seat - you + n) % n;
    const p = place(rel, n);
    const s = msg.seats[seat];
    const status = s.kind === "bot" ? `bot · ${s.level}` : s.away ? "away · bot plays" : s.connected ? "here" : "not here";
    const panel = h("div", {
      class: "seat" + (msg.to_act === seat ? " to-act" : "") + (seat === msg.you ? " you" : ""),
      style: `left:${50 + p.x * 40}%;top:${50 + p.y * 40}%;border-color:${SEAT_COLOURS[seat % 8]}`,
      dataset: { seat: String(seat) },
    },
    h("b", {}, s.name + (seat === msg.you ? " (you)" : "")),
    h("small", {}, status),
    h("span", { class: "stats" },
      scores ? `score ${scores[seat]}` : "",
      sizes ? ` · ${sizes[seat]} cards` : "",
      taken ? ` · ${taken[seat]} tricks` : "",
      points && typeof points[seat] === "number" ? ` · ${points[seat]} pts` : ""));
    const notes = (SEAT_NOTES[view] || (() => []))(msg, seat);
    if (notes.length) panel.append(h("small", { class: "notes" }, notes.join(" · ")));
    felt.append(panel);
  }
  if (Array.isArray(obs.trick)) {
    obs.trick.forEach((play, i) => {
      const seat = typeof play === "object" && play ? play.seat : (obs.leader + i) % n;
      const card = typeof play === "object" && play ? play.card : play;
      const p = place((seat - you + n) % n, n);
      const node = cardSVG(card, { size: "trick" });
      node.style.left = `${50 + p.x * 17}%`;
      node.style.top = `${50 + p.y * 17}%`;
      node.classList.add("in-trick");
      felt.append(node);
    });
  }
  const shown = badges(obs, msg);
  // Facts many families share, wherever an observation has them.
  if (typeof obs.trump === "string" && /^[CDHS]$/.test(obs.trump)) shown.unshift(`trumps ${cardLabel("2" + obs.trump).slice(1)}`);
  if (obs.phase) shown.unshift(String(obs.phase));
  const bar = h("div", { class: "badges" }, ...shown.map((b) => h("span", { class: "badge" }, b)));
  const info = INFO[view] ? INFO[view](msg) : null;
  return h("div", {}, bar, info, felt);
}

/** The last trick, small, with who won it. */
export function renderLastTrick(msg) {
  const last = msg.observation.last_trick;
  if (!last || !Array.isArray(last.cards)) return null;
  const n = msg.seats.length;
  const seats = last.seats || last.cards.map((_, i) => (last.leader + i) % n);
  return h("div", { class: "last-trick" },
    h("h3", {}, "Last trick"),
    h("div", { class: "cards-inline" }, ...last.cards.map((c, i) =>
      h("span", { class: "played" + (seats[i] === last.winner ? " winner" : "") }, cardSVG(c, { size: "mini" }), h("small", {}, seatName(msg, seats[i]))))),
    last.winner !== undefined && last.winner !== null ? h("small", {}, `won by ${seatName(msg, last.winner)}`) : null);
}
