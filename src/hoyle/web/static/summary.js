// The summary a player reads when a deal ends (how it was scored, the running totals, the
// chart) and when the game ends (the winner, the ranking, the final totals, the record and a
// rematch). It is a dialog the player dismisses; when nobody plays here (watching bots) it
// closes by itself. Every line comes from the log the engine wrote for this seat.

import { h } from "./dom.js";
import { _, format } from "./i18n.js";
import { renderChart, suitText, trickStrip } from "./panels.js";
import { clockText, seatName } from "./render.js";
import { listText, yours } from "./words.js";

let timer = null;

/** Close the summary dialog if one is open. */
export function closeSummary() {
  const dialog = document.getElementById("summary");
  if (timer) clearInterval(timer);
  timer = null;
  if (dialog && dialog.open) dialog.close();
}

/** True while a summary is open. */
export function summaryOpen() {
  const dialog = document.getElementById("summary");
  return Boolean(dialog && dialog.open);
}

/** The entries of ``log`` after index ``at`` while they are of ``kind``. */
function following(log, at, kind) {
  const out = [];
  for (let i = at + 1; i < log.length && log[i].kind === kind; i++) out.push(log[i]);
  return out;
}

/** The last trick told before index ``at`` in the same deal, as {plays, winner}. */
function trickBefore(log, at) {
  for (let i = at - 1; i >= 0 && log[i].kind !== "deal"; i--) {
    if (log[i].kind === "trick" && Array.isArray(log[i].plays)) return log[i];
  }
  return null;
}

/**
 * Open the summary of the deal whose `deal_end` entry is ``log[at]`` (and of the game, when the
 * game is over).
 * @param {object} msg the state message the deal's end arrived in
 * @param {number} at the index of the `deal_end` entry in ``msg.log``
 * @param {{onContinue: Function, watching: boolean, rematch: ?Element, links?: Element[],
 *   record?: string, timed?: boolean}} opts  `links`: more buttons at the game's end; `record`:
 *   where the record is (a table's by default); `timed` false: no countdown (a replay).
 */
export function openSummary(msg, at, opts) {
  const dialog = document.getElementById("summary");
  const log = msg.log;
  const end = log[at];
  const over = msg.status === "finished";
  const parts = [];
  const gameEnd = over ? log.find((e) => e.kind === "game_end") : null;
  parts.push(h("h2", {}, over ? _("Game over") : format(_("Deal {n} is over"), { n: end.deal })));
  if (gameEnd) parts.push(h("p", { class: "winner-line", dataset: { kind: "game_end" } }, gameEnd.text));
  const trick = trickBefore(log, at);
  if (trick) parts.push(h("div", { class: "summary-trick" }, h("h3", {}, _("Last trick")), trickStrip(msg, trick, "small")));
  const lines = following(log, at, "score");
  if (lines.length) {
    parts.push(h("h3", {}, over && end.deal === 1 ? _("How the deal was scored") : format(_("How deal {n} was scored"), { n: end.deal })));
    parts.push(h("ul", { class: "score-lines" }, ...lines.map((e) => h("li", {}, ...suitText(e.text)))));
  }
  if (Array.isArray(end.scores)) {
    parts.push(h("table", { class: "deal-scores" },
      h("tr", {}, h("th", {}, ""), h("th", {}, _("this deal")), h("th", {}, _("total"))),
      ...end.scores.map((score, seat) => h("tr", {},
        h("th", {}, yours(seatName(msg, seat), seat === msg.you)),
        h("td", {}, String(score)),
        h("td", {}, String(msg.observation.scores[seat]))))));
  }
  if (over && Array.isArray(msg.observation.ranking)) {
    const ranking = msg.observation.ranking;
    let place = 1;
    parts.push(h("h3", {}, _("Final ranking")));
    parts.push(h("ol", { class: "ranking" }, ...ranking.map((group) => {
      const item = h("li", { value: String(place) }, listText(group.map((s) => seatName(msg, s))),
        ` — ${group.map((s) => msg.observation.scores[s]).filter((v, i, a) => a.indexOf(v) === i).join(", ")}`);
      place += group.length;
      return item;
    })));
    const final = log.find((e) => e.kind === "final");
    if (final) parts.push(h("p", { class: "note" }, final.text));
  }
  const chart = renderChart(msg);
  if (chart) parts.push(h("h3", {}, _("Totals after each deal")), chart);
  const buttons = h("div", { class: "summary-buttons" });
  if (over) {
    // An event's board is hidden until every table has played it (its record with it).
    if (!msg.event) buttons.append(h("a", { class: "button", href: opts.record || `/api/tables/${msg.table}/record`, download: `${msg.table || "game"}.hrec` }, _("Download the record")));
    for (const link of opts.links || []) buttons.append(link);
    // A player's own game: its replay with their seat's review open (review.js).
    if (msg.type !== "replay" && msg.table && Number.isInteger(msg.you) && !msg.event) {
      buttons.append(h("a", { class: "button review-link", href: `/replay/${msg.table}#review=${msg.you}` }, _("Review my game")));
    }
    if (opts.rematch) buttons.append(opts.rematch);
    buttons.append(h("a", { class: "button", href: "/" }, _("Back to the lobby")));
  }
  const countdown = h("small", { class: "countdown" });
  const close = h("button", { id: "summary-close", class: "primary", onclick: () => { closeSummary(); opts.onContinue(); } },
    over ? _("Close") : _("Continue"));
  buttons.append(close, countdown);
  parts.push(buttons);
  dialog.replaceChildren(...parts);
  dialog.dataset.deal = String(end.deal);
  dialog.dataset.over = String(over);
  if (timer) clearInterval(timer);
  timer = null;
  // Watching bots, nobody dismisses it: it closes when the room's pause ends.
  const seconds = msg.pause && typeof msg.pause.seconds === "number" ? msg.pause.seconds : 4;
  if (!over && opts.timed !== false) {
    const until = Date.now() + seconds * 1000;
    const tick = () => {
      const left = (until - Date.now()) / 1000;
      const words = opts.watching ? _("closes in {time}") : _("next deal in {time}");
      countdown.textContent = left > 0 ? " " + format(words, { time: clockText(left) }) : "";
      if (left <= 0 && opts.watching) closeSummary();
    };
    tick();
    timer = setInterval(tick, 500);
  }
  if (!dialog.open) dialog.showModal();
  close.focus({ preventScroll: true });
  dialog.scrollTop = 0;
}
