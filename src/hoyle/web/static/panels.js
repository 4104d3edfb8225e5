// The side panel: the move log (the seat's own `log`, as the engine words it), the scores
// (totals and a chart with its legend), the last trick, the fair-shuffle commitments and the
// rules in force.

import { cardSVG } from "./cards.js";
import { SEAT_COLOURS, scoreChart } from "./chart.js";
import { h } from "./dom.js";
import { _, format, formatNodes } from "./i18n.js";
import { seatName } from "./render.js";
import { yours } from "./words.js";

/** Log kinds written as headings or results rather than moves. */
const TABLE_KINDS = new Set(["deal", "deal_end", "score", "game_end", "final"]);

/** Red suit symbols in a sentence, wrapped so they print red. */
export function suitText(text) {
  const out = [];
  let rest = String(text);
  const re = /[♥♦]/;
  let m;
  while ((m = re.exec(rest))) {
    // The rank just before the suit belongs with it (Q♥, 10♦).
    const start = m.index - (/(10|[2-9JQKA])$/.exec(rest.slice(0, m.index)) || [""])[0].length;
    if (start > 0) out.push(rest.slice(0, start));
    out.push(h("span", { class: "red-suit" }, rest.slice(start, m.index + 1)));
    rest = rest.slice(m.index + 1);
  }
  if (rest) out.push(rest);
  return out;
}

/** Whether the reader keeps the log at its newest line (they have not scrolled up). */
let stuck = true;

/** The move log of the deal (and the one just ended), newest at the bottom, kept scrolled
 * there unless the reader scrolled up. */
export function renderLog(msg) {
  const entries = Array.isArray(msg.log) ? msg.log : [];
  const list = h("ol", { class: "log", "aria-label": _("moves") });
  for (const e of entries) {
    const kind = TABLE_KINDS.has(e.kind) ? ` log-${e.kind}` : "";
    list.append(h("li", { class: "entry" + kind + (e.seat === msg.you && msg.you !== null ? " mine" : ""), dataset: { kind: e.kind } }, ...suitText(e.text)));
  }
  const box = h("div", { class: "log-box", tabindex: "0" }, list);
  const kept = document.querySelector("#side .log-box");
  const top = kept ? kept.scrollTop : 0;
  box.addEventListener("scroll", () => {
    stuck = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  });
  requestAnimationFrame(() => {
    box.scrollTop = stuck ? box.scrollHeight : top;
  });
  return box;
}

/** Each seat's total, best first as the game ranks them, with the chart of totals by deal. */
export function renderScores(msg) {
  const obs = msg.observation;
  if (!Array.isArray(obs.scores)) return null;
  const names = msg.seats.map((s, i) => seatName(msg, i));
  const rows = obs.scores.map((score, seat) => h("tr", { dataset: { seat: String(seat) } },
    h("th", {}, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat % 8]}` }), yours(names[seat], seat === msg.you)),
    h("td", {}, String(score))));
  return h("div", { class: "scores" }, h("table", { class: "totals" }, ...rows), renderChart(msg));
}

/** The totals after each deal as a chart with its legend, or null before two deals. */
export function renderChart(msg) {
  const names = msg.seats.map((s, i) => seatName(msg, i));
  const chart = scoreChart(msg.score_history, names);
  if (!chart) return null;
  return h("figure", { class: "chart-box" }, chart, h("figcaption", {}, h("ul", { class: "legend" },
    ...names.map((name, seat) => h("li", {}, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat % 8]}` }), name)))));
}

/** A finished trick small, its taker marked (for the side panel and the summary). */
export function trickStrip(msg, trick, size = "mini") {
  return h("div", { class: "cards-inline trick-strip" }, ...trick.plays.map((p) =>
    h("span", { class: "played" + (p.seat === trick.winner ? " winner" : "") },
      cardSVG(p.card, { size }), h("small", {}, seatName(msg, p.seat)))));
}

/** The fair-shuffle commitments, folded. */
export function renderFairness(msg) {
  const rows = msg.fairness.map((d) => h("li", {},
    ...formatNodes(_("deal {n}: {hash}"), { n: d.deal, hash: h("code", { title: d.commitment }, d.commitment.slice(0, 16) + "…") }),
    d.salt ? h("span", {}, ...formatNodes(_(" · salt {salt}"), { salt: h("code", { title: d.salt }, d.salt.slice(0, 12) + "…") })) : null));
  return h("details", { class: "fair" },
    h("summary", {}, _("Fair shuffle")),
    h("p", {}, ...formatNodes(_("Each deal's hash is published before play; the salt is shown at the end, so {command} can check that no deal was changed."),
      { command: h("code", {}, "hoyle verify RECORD") })),
    h("ol", {}, ...rows));
}

let rulesBox = null;
/** The rules in force, fetched once and kept open or closed across redraws. */
export function rulesPanel(game) {
  if (rulesBox && rulesBox.dataset.game === game) return rulesBox;
  rulesBox = h("details", { class: "rules", dataset: { game } }, h("summary", {}, _("Rules")));
  fetch(`/api/rules?game=${encodeURIComponent(game)}`).then((r) => r.json()).then((r) => {
    rulesBox.append(h("h4", {}, r.title), h("p", {}, r.summary),
      h("ul", {}, ...r.rules.map((line) => h("li", {}, line))),
      h("p", { class: "note" }, format(_("Sources: {sources}"), { sources: r.source })));
  });
  return rulesBox;
}
