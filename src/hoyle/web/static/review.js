// "Review my game" on the replay viewer: one seat's decisions valued by a searching level on
// the server (a background job, hoyle.web.review), its progress polled ("decision 4 of 13"),
// cancellable, and its result listed here: each decision with what it cost, the mistakes
// marked (here and on the slider), the total and each deal's loss, the three costliest. A
// click on a decision shows the position before that move. The page decides nothing: every
// value comes from the server's review.

import { h } from "./dom.js";
import { _, format, formatNodes, ngettext } from "./i18n.js";
import { suitText } from "./panels.js";
import { moveLabel } from "./render.js";
import { levelName } from "./words.js";

const LEVELS = ["medium", "hard", "expert"];
const POLL = 600;

let ctx = null;
let seat = null;
let level = "expert";
let job = null;
let timer = null;
let shown = null;
/** The number of the last request sent: an answer to an earlier one is stale. */
let ticket = 0;

const $ = (id) => document.getElementById(id);
const points = (x) => (Math.round(x * 100) / 100).toFixed(2);
const move = (token) => h("span", { class: "token" }, ...suitText(moveLabel(token)));

/**
 * Set the panel up under the viewer.
 * @param {{base: string, outline: object, jump: Function, stopOf: Function, seat: ?number}} opts
 *   `base`: the game's API (/api/tables/ID or /api/replays/ID); `jump(index)` shows position
 *   `index`; `stopOf(index)` is the stop number of a position; `seat`: the seat to review
 *   first (the address's #review=N), else the reader picks one.
 */
export function setupReview(opts) {
  ctx = opts;
  const panel = $("review");
  const seats = h("select", { id: "review-seat", "aria-label": _("the seat to review") },
    h("option", { value: "" }, _("choose a seat…")),
    ...opts.outline.seats.map((s, i) => h("option", { value: String(i) }, s.name)));
  const levels = h("select", { id: "review-level", "aria-label": _("the level that reviews") },
    ...LEVELS.map((l) => h("option", { value: l }, levelName(l))));
  levels.value = level;
  const startButton = h("button", { id: "review-start", class: "primary", onclick: start }, _("Review"));
  panel.replaceChildren(
    h("h3", {}, _("Review a seat's play")),
    h("p", { class: "note review-about" }, _("A searching level values each of the seat's decisions from what it could see then, and says what each move cost.")),
    h("div", { class: "review-form" },
      h("label", {}, _("Seat"), " ", seats), h("label", {}, _("Level"), " ", levels), startButton),
    h("div", { id: "review-progress", class: "review-progress", "aria-live": "polite", hidden: "" }),
    h("div", { id: "review-result", class: "review-result" }));
  panel.hidden = false;
  seats.addEventListener("change", () => choose(seats.value === "" ? null : Number(seats.value), levels.value));
  levels.addEventListener("change", () => choose(seat, levels.value));
  if (opts.seat !== null && opts.seat >= 0 && opts.seat < opts.outline.seats.length) {
    seats.value = String(opts.seat);
    panel.scrollIntoView({ block: "nearest" });
  }
  choose(seats.value === "" ? null : Number(seats.value), levels.value);
}

/** What the address keeps of the panel: the seat reviewed. */
export function reviewHash() {
  return seat === null ? "" : `&review=${seat}`;
}

/** The viewer moved to position ``index``: mark the decision taken there, if any. */
export function reviewAt(index) {
  shown = index;
  for (const row of document.querySelectorAll("#review [data-index]")) {
    row.classList.toggle("here", Number(row.dataset.index) === index);
  }
}

function url() {
  return `${ctx.base}/reviews/${seat}?level=${level}`;
}

/** Another seat or level: show what the server has of it (a review kept, or under way). */
async function choose(newSeat, newLevel) {
  seat = newSeat;
  level = newLevel;
  stopPolling();
  job = null;
  clearMarks();
  $("review-result").replaceChildren();
  $("review-progress").hidden = true;
  $("review-start").disabled = seat === null;
  if (ctx.onChange) ctx.onChange();
  if (seat === null) return;
  const mine = ++ticket;
  const reply = await fetch(url());
  const body = await reply.json();
  if (mine === ticket) follow(body, reply.ok);  // else another request was made meanwhile
}

async function start() {
  if (seat === null) return;
  $("review-start").disabled = true;
  stopPolling();
  const mine = ++ticket;
  const reply = await fetch(`${ctx.base}/reviews`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat, level }),
  });
  const body = await reply.json();
  if (mine === ticket) follow(body, reply.ok);
}

async function cancel() {
  if (!job) return;
  const button = $("review-cancel");
  if (button) { button.disabled = true; button.textContent = _("Cancelling…"); }
  stopPolling();
  const mine = ++ticket;
  const reply = await fetch(job.url, { method: "DELETE" });
  const body = await reply.json();
  if (mine === ticket) follow(body, reply.ok);
}

function stopPolling() {
  if (timer) clearTimeout(timer);
  timer = null;
}

/** Show a job's state, and poll while it is queued or running. */
function follow(body, ok) {
  stopPolling();
  const progress = $("review-progress");
  const panel = $("review");
  if (!ok) {
    progress.hidden = false;
    progress.replaceChildren(h("span", { class: "refused" }, body.detail || _("the review was refused")));
    $("review-start").disabled = seat === null;
    return;
  }
  if (body.seat !== seat || body.level !== level) return;  // an answer about an earlier choice
  job = body;
  panel.dataset.state = body.state;
  const running = body.state === "queued" || body.state === "running";
  $("review-start").disabled = running || seat === null;
  if (running) {
    progress.hidden = false;
    let text;
    if (body.state === "queued") text = format(_("Waiting for the reviewer ({n} ahead)…"), { n: body.ahead });
    else if (!body.total) text = _("Starting the review…");
    else text = format(_("Reviewing: decision {n} of {total}"), { n: Math.min(body.done + 1, body.total), total: body.total });
    // Built once and then updated, so that the Cancel button is not replaced under a click.
    if (!$("review-cancel")) {
      progress.replaceChildren(h("div", { id: "review-count" }), h("progress", { id: "review-bar" }),
        h("div", { id: "review-last", class: "note" }), h("button", { id: "review-cancel", onclick: cancel }, _("Cancel")));
    }
    $("review-count").textContent = text;
    $("review-bar").max = body.total || 1;
    $("review-bar").value = body.done || 0;
    const last = body.last;
    const lastWords = !last ? "" : last.cost > 0 ? _("Last: {where} {move}, cost {cost}") : _("Last: {where} {move} — as good as any");
    $("review-last").replaceChildren(...(last ? formatNodes(lastWords, { where: last.where || last.label, move: move(last.played), cost: points(last.cost) }) : []));
    if (body.cancelling) {
      $("review-cancel").disabled = true;
      $("review-cancel").textContent = _("Cancelling…");
    }
    timer = setTimeout(poll, POLL);
    return;
  }
  if (body.state === "none") {
    progress.hidden = true;
    return;
  }
  if (body.state === "done") {
    progress.hidden = true;
    draw(body.review);
    return;
  }
  progress.hidden = false;
  const said = body.state === "cancelled" ? format(_("Cancelled after {n} of {total} decisions."), { n: body.done, total: body.total ?? "?" }) : body.reason;
  progress.replaceChildren(h("span", { class: body.state === "failed" ? "refused" : "note" }, said));
}

async function poll() {
  if (!job) return;
  const mine = ++ticket;
  try {
    const reply = await fetch(job.url);
    const body = await reply.json();
    if (mine === ticket) follow(body, reply.ok);
  } catch (exc) {
    if (mine === ticket) timer = setTimeout(poll, POLL * 3);  // the server is away a moment
  }
}

/** The review: the totals, the costliest moves, every decision; the mistakes on the slider. */
function draw(review) {
  const name = ctx.outline.seats[review.seat]?.name || format(_("Seat {n}"), { n: review.seat });
  const mistakes = review.decisions.filter((d) => d.mistake);
  const byIndex = new Map(review.decisions.map((d) => [d.index, d]));
  const jump = (d) => () => ctx.jump(d.index);
  const parts = [];
  const k = mistakes.length;
  const total = ngettext("{name} lost {points} expected points by {level}'s reckoning: {k} mistake in {n} decisions.",
    "{name} lost {points} expected points by {level}'s reckoning: {k} mistakes in {n} decisions.", k);
  parts.push(h("p", { class: "review-total" }, ...formatNodes(total,
    { name: h("b", {}, name), points: points(review.total), level: levelName(review.level), k, n: review.decisions.length })));
  parts.push(h("p", { class: "note" }, format(_("Costs are in {units}; under 0.1 is the search's noise."), { units: review.units })));
  const deals = Object.entries(review.by_deal);
  if (deals.length) {
    parts.push(h("p", { class: "review-deals" }, _("Lost by deal:"), " ",
      ...deals.flatMap(([deal, lost], i) => [i ? " · " : "", h("span", { class: "deal-loss" }, format(_("deal {n} {points}"), { n: deal, points: points(lost) }))])));
  }
  if (review.costliest.length) {
    parts.push(h("h4", {}, _("The costliest moves")));
    parts.push(h("ol", { class: "review-costliest" }, ...review.costliest.map((index) => {
      const d = byIndex.get(index);
      return h("li", {}, h("button", { class: "linkish", dataset: { index: String(d.index) }, onclick: jump(d) },
        ...formatNodes(_("{where}: {played} — better {best}, cost {cost}"), { where: d.where || d.label, played: move(d.played), best: move(d.best), cost: points(d.cost) })));
    })));
  } else {
    parts.push(h("p", {}, _("No move cost more than the noise: the level would have played the same.")));
  }
  parts.push(h("h4", {}, _("Every decision")));
  const rows = review.decisions.map((d) => h("tr", {
    class: "review-row" + (d.mistake ? " mistake" : ""),
    dataset: { index: String(d.index) },
    tabindex: "0",
    title: _("show the position before this move"),
    onclick: jump(d),
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.jump(d.index); } },
  },
  h("td", {}, d.where || d.label),
  h("td", {}, move(d.played)),
  h("td", {}, d.played === d.best ? h("span", { class: "note" }, _("same")) : move(d.best)),
  h("td", { class: "cost" }, d.cost > 0 ? points(d.cost) : "0"),
  h("td", { class: "mark" }, d.mistake ? "✗" : "")));
  parts.push(h("table", { class: "review-decisions" },
    h("thead", {}, h("tr", {}, h("th", {}, _("where")), h("th", {}, _("played")), h("th", {}, _("best")), h("th", {}, _("cost")), h("th", {}, ""))),
    h("tbody", {}, ...rows)));
  $("review-result").replaceChildren(...parts);
  markSlider(mistakes);
  if (shown !== null) reviewAt(shown);
}

function clearMarks() {
  const marks = $("slider-marks");
  if (marks) marks.replaceChildren();
}

/** A tick under the slider at each mistake's stop; a click shows it. */
function markSlider(mistakes) {
  const marks = $("slider-marks");
  if (!marks) return;
  const last = Math.max(1, ctx.outline.steps.length - 1);
  marks.replaceChildren(...mistakes.map((d) => {
    const fraction = ctx.stopOf(d.index) / last;
    return h("button", {
      class: "slider-mark",
      dataset: { index: String(d.index) },
      style: `left: calc(8px + (100% - 16px) * ${fraction})`,
      title: format(_("{where}: {move} cost {cost}"), { where: d.where || d.label, move: moveLabel(d.played), cost: points(d.cost) }),
      "aria-label": format(_("mistake at {where}, cost {cost}"), { where: d.where || d.label, cost: points(d.cost) }),
      onclick: () => ctx.jump(d.index),
    });
  }));
}
