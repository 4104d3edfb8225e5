// Écarté and Bourré at the table: the turn-up and trumps, the exchange (proposals and their
// answers, the cards each took), the king marked, vulnerability and the score; for Bourré the
// pot, each seat's play-or-pass and its tricks; the last hand's result in words. Every fact is
// read from the observation.

import { cardSVG } from "./cards.js";
import { h } from "./dom.js";

function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : `seat ${seat}`;
}

/** True for a Bourré observation (the family's multi-player form, with a pot). */
export function isBourre(obs) {
  return "pot" in obs;
}

/** The last finished hand's (or deal's) result in sentences: how it was scored. */
function lastResult(obs) {
  const results = Array.isArray(obs.results) ? obs.results : [];
  const last = results[results.length - 1];
  if (!last || !Array.isArray(last.lines) || !last.lines.length) return null;
  return h("span", { class: "info result", dataset: { key: "results" } }, `deal ${last.deal}: ${last.lines.join("; ")}`);
}

/** The turn-up, trumps and the exchange or the pot, drawn above the felt. */
export function ecarteInfo(msg) {
  const obs = msg.observation;
  const parts = [];
  const result = lastResult(obs);
  if (obs.turn_up) {
    parts.push(h("span", { class: "turn-up", dataset: { key: "turn_up" } }, "turn-up ", cardSVG(obs.turn_up, { size: "mini" })));
  }
  if (isBourre(obs)) {
    parts.push(h("span", { class: "info", dataset: { key: "pot" } }, `pot ${obs.pot}`));
    if (obs.turn_up && obs.turn_up_in_dealers_hand) parts.push(h("span", { class: "info" }, `in ${seatName(msg, obs.dealer)}'s hand`));
    if (typeof obs.stock_size === "number") parts.push(h("span", { class: "info" }, `stock ${obs.stock_size}`));
    if (result) parts.push(result);
    return h("div", { class: "table-info" }, ...parts);
  }
  if (typeof obs.dealer === "number" && typeof obs.elder === "number") parts.push(h("span", { class: "info" }, `${seatName(msg, obs.dealer)} deals, ${seatName(msg, obs.elder)} is elder`));
  const proposals = Array.isArray(obs.proposals) ? obs.proposals : [];
  proposals.forEach((p, i) => {
    const what = p.proposed ? `${p.proposed} card${p.proposed === 1 ? "" : "s"}` : "cards";
    const answer = p.answer ? ` — ${p.answer === "accept" ? "accepted" : "refused"}` : " — awaiting the answer";
    const took = [];
    if (p.elder_took !== null && p.elder_took !== undefined) took.push(`elder took ${p.elder_took}`);
    if (p.dealer_took !== null && p.dealer_took !== undefined) took.push(`dealer took ${p.dealer_took}`);
    parts.push(h("span", { class: "info proposal", dataset: { key: "proposal" } },
      `proposal ${i + 1}: ${what}${answer}${took.length ? " (" + took.join(", ") + ")" : ""}`));
  });
  // Law 49, by seat.
  const vulnerable = (Array.isArray(obs.vulnerable) ? obs.vulnerable : []).flatMap((v, seat) => v ? [seatName(msg, seat)] : []);
  if (vulnerable.length) parts.push(h("span", { class: "info warn", dataset: { key: "vulnerable" } }, `vulnerable: ${vulnerable.join(", ")}`));
  if (obs.king_marked !== null && obs.king_marked !== undefined) parts.push(h("span", { class: "info" }, `king marked by ${seatName(msg, obs.king_marked)}`));
  if (obs.king_turned) parts.push(h("span", { class: "info" }, "king turned"));
  if (obs.multiplier && obs.multiplier > 1) parts.push(h("span", { class: "info" }, `stakes ×${obs.multiplier}`));
  if (typeof obs.stock_size === "number" && obs.stock_size) parts.push(h("span", { class: "info" }, `stock ${obs.stock_size}`));
  if (typeof obs.pool === "number") parts.push(h("span", { class: "info" }, `pool ${obs.pool}`));
  if (result) parts.push(result);
  return h("div", { class: "table-info" }, ...parts);
}

/** Short notes under a seat's name: what it took in the exchange, its declaration, its games. */
export function ecarteSeatNotes(msg, seat) {
  const obs = msg.observation;
  const notes = [];
  if (isBourre(obs)) {
    const said = Array.isArray(obs.declared) ? obs.declared[seat] : null;
    if (said) notes.push(said === "play" ? "plays" : said === "pass" ? "passes" : String(said));
    const drew = Array.isArray(obs.drawn) ? obs.drawn[seat] : 0;
    if (drew) notes.push(`drew ${drew}`);
    if (Array.isArray(obs.owed) && obs.owed[seat]) notes.push(`owes ${obs.owed[seat]}`);
    if (seat === obs.dealer) notes.push("dealer");
    return notes;
  }
  const playing = !Array.isArray(obs.pair) || obs.pair.includes(seat);
  if (!playing) return ["waiting"];
  if (seat === obs.dealer) notes.push("dealer");
  if (seat === obs.elder) notes.push("elder");
  const taken = Array.isArray(obs.cards_taken) ? obs.cards_taken[seat] : undefined;
  if (typeof taken === "number" && (obs.proposals || []).length) notes.push(`took ${taken}`);
  if (Array.isArray(obs.vulnerable) && obs.vulnerable[seat]) notes.push("vulnerable");
  if (Array.isArray(obs.games_won) && obs.games_won[seat]) notes.push(`games ${obs.games_won[seat]}`);
  return notes;
}

/** A button's words for a move token: `back 2` names the player backed (French Écarté). */
export function ecarteLabel(msg, token) {
  const m = /^back (\d+)$/.exec(token);
  return m ? `back ${seatName(msg, Number(m[1]))}` : token;
}

/** Keys the Écarté board draws itself (the results as the last one's sentences). */
export const ECARTE_DRAWN = [
  "turn_up", "turn_up_in_dealers_hand", "proposals", "vulnerable", "king_marked", "king_turned",
  "cards_taken", "pot", "declared", "drawn", "owed", "dealer", "elder", "pool", "results", "pair",
  "waiting",
];
