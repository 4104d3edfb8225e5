// The replay viewer: a finished table's game (/replay/<table>) or an uploaded record
// (/replay/u/<id>) stepped through move by move, trick by trick and deal by deal. The server
// sends the stops (the positions the table showed) and each position as the table's state
// message, face up or as one seat saw it; this page draws them with the table's own code
// (render.js, panels.js, spite.js, summary.js) and decides no rule. Where it stands is kept in
// the address (#i=72&seat=2), so a position can be reloaded and linked to.

import { cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { _, format } from "./i18n.js";
import { renderFairness, renderLog, renderScores, rulesPanel, suitText, trickStrip } from "./panels.js";
import { moveLabel, renderBoard, renderFacts, seatName } from "./render.js";
import { reviewAt, reviewHash, setupReview } from "./review.js";
import { drawSpite } from "./spite.js";
import { closeSummary, openSummary } from "./summary.js";
import { showTraveller } from "./traveller.js";
import { uploadRecord } from "./upload.js";
import { yours } from "./words.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const upload = parts[1] === "u";
const base = upload ? `/api/replays/${parts[2]}` : `/api/tables/${parts[1]}`;
const api = upload ? base : `${base}/replay`;

let outline = null;
/** The stop shown (its number in outline.steps) and whose view: "all" or a seat number. */
let at = 0;
let seat = "all";
let msg = null;
/** Positions fetched, by "index:seat" (stepping back and forth asks the server once). */
const views = new Map();
const VIEWS_KEPT = 300;
let asked = 0;

function tell(text, kind = "info") {
  $("message").replaceChildren(text);
  $("message").className = `message ${kind}`;
}

/** The position ``index`` for the chosen view, from the server or the ones already fetched. */
async function fetchView(index, who) {
  const key = `${index}:${who}`;
  if (!views.has(key)) {
    const found = fetch(`${api}/${index}?seat=${who}`).then(async (reply) => {
      const body = await reply.json();
      if (!reply.ok) throw new Error(body.detail || format(_("error {status}"), { status: reply.status }));
      return body;
    });
    views.set(key, found);
    found.catch(() => views.delete(key));
    if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value);
  }
  return views.get(key);
}

/** Show stop number ``k`` (clamped to the game). */
async function go(k) {
  if (!outline) return;
  at = Math.max(0, Math.min(outline.steps.length - 1, k));
  const step = outline.steps[at];
  const mine = ++asked;
  history.replaceState(null, "", `#i=${step.index}&seat=${seat}${reviewHash()}`);
  $("slider").value = String(at);
  reviewAt(step.index);
  let view;
  try {
    view = await fetchView(step.index, seat);
  } catch (exc) {
    if (mine === asked) tell(String(exc.message || exc), "refused");
    return;
  }
  if (mine !== asked) return;  // a later step was asked for while this one came
  msg = view;
  draw();
  // The next stop is the likeliest next wish: ask for it now.
  const next = outline.steps[at + 1];
  if (next) fetchView(next.index, seat).catch(() => {});
}

/** The stop number of position ``index`` (the last stop at or before it). */
function stopOf(index) {
  let k = 0;
  outline.steps.forEach((s, i) => { if (s.index <= index) k = i; });
  return k;
}

/** The first mark after the position shown, or the last stop. */
function after(marks) {
  const here = outline.steps[at].index;
  const found = marks.find((m) => m > here);
  return found === undefined ? outline.steps.length - 1 : stopOf(found);
}

/** The last mark before the position shown, or the start. */
function before(marks) {
  const here = outline.steps[at].index;
  const found = [...marks].reverse().find((m) => m < here);
  return found === undefined ? 0 : stopOf(found);
}

const MOVES = {
  "first": () => 0,
  "prev-deal": () => before(outline.deals),
  "prev-trick": () => before(outline.tricks),
  "prev-move": () => at - 1,
  "next-move": () => at + 1,
  "next-trick": () => after(outline.tricks),
  "next-deal": () => after(outline.deals),
  "last": () => outline.steps.length - 1,
};

const KEYS = {
  ArrowLeft: "prev-move", ArrowRight: "next-move", ArrowUp: "prev-trick", ArrowDown: "next-trick",
  PageUp: "prev-deal", PageDown: "next-deal", Home: "first", End: "last",
};

/** The log entries the move to this position added (what the table had just shown). */
function freshEntries(view) {
  const from = view.fresh - view.log_start;
  return view.log.map((e, i) => ({ e, i })).filter(({ i }) => i >= from);
}

/** The move that led here and who made it, in the reader's words where the log has them. */
function moveLine(view, fresh) {
  const step = view.step;
  if (step.actor === null) return [h("span", { class: "note" }, at === 0 ? _("The start: the cards are dealt.") : "")];
  const said = fresh.filter(({ e }) => e.kind !== "deal" && e.kind !== "score").map(({ e }) => e.text);
  const out = [h("b", { class: "actor", dataset: { seat: String(step.actor) } }, seatName(view, step.actor))];
  // The token itself only face up or for the reader's own move: another seat's may be hidden
  // (a card passed), and what the reader saw of it is the log's sentence below.
  if (view.face_up || step.actor === view.you) out.push(" · ", h("span", { class: "token" }, ...suitText(moveLabel(step.token))));
  else if (!said.length) out.push(h("span", { class: "note" }, " · ", _("a move this seat did not see")));
  if (said.length) out.push(h("div", { class: "said" }, ...suitText(said.join(" "))));
  if (step.comment) out.push(h("div", { class: "comment" }, `{${step.comment}}`));
  return out;
}

/** Every seat's hand: face up where this view knows it, else as many backs as it holds. */
function drawHands(view) {
  const obs = view.observation;
  const n = view.seats.length;
  const first = view.you === null ? 0 : view.you;
  const rows = [];
  for (let r = 1; r <= n; r++) {
    const s = (first + r) % n;  // the others in the order of play, the reader last (as the felt)
    const known = view.hands ? view.hands[s] : s === view.you ? obs.hand : null;
    const count = Array.isArray(obs.hand_sizes) ? obs.hand_sizes[s] : known ? known.length : 0;
    const cards = known ? known.map((c) => cardSVG(c, { size: "small" })) : Array.from({ length: count }, () => cardSVG(null, { size: "small" }));
    if (!cards.length) cards.push(h("small", { class: "note" }, _("no cards")));
    rows.push(h("div", { class: "replay-hand" + (s === view.you ? " you" : ""), dataset: { seat: String(s) } },
      h("span", { class: "who" }, yours(seatName(view, s), s === view.you)),
      h("span", { class: "cards-inline" }, ...cards)));
  }
  $("hands").replaceChildren(...rows);
}

function draw() {
  const view = msg;
  const step = view.step;
  const piles = view.view === "piles";
  document.body.dataset.index = String(view.index);
  document.body.dataset.label = step.label;
  document.body.dataset.seat = String(seat);
  document.body.dataset.view = String(view.view);
  document.title = format(_("{game} · replay · hoyle"), { game: view.title });
  $("position").textContent = step.where;
  $("counter").textContent = format(_("{n} of {total}"), { n: at + 1, total: outline.steps.length });
  const fresh = freshEntries(view);
  $("move").replaceChildren(...moveLine(view, fresh));
  tell("");

  const trick = [...fresh].reverse().find(({ e }) => e.kind === "trick" && Array.isArray(e.plays));
  if (piles) {
    drawSpite(view, { board: $("board"), hand: $("hand"), actions: $("actions"), act: () => {}, tell: () => {}, redraw: draw, hinted: null, keyed: null });
    const facts = renderFacts(view);
    if (facts) $("board").prepend(facts);
  } else {
    // A move that ends a trick shows the whole trick, its taker marked, as the table held it.
    const felt = trick ? renderBoard(view, { plays: trick.e.plays, winner: trick.e.winner, label: trick.e.text }) : renderBoard(view);
    $("board").replaceChildren(renderFacts(view) || "", felt);
  }
  drawHands(view);

  const ended = fresh.find(({ e }) => e.kind === "deal_end");
  if (ended) {
    // The deal's summary, in the page rather than over it: the keys go on stepping.
    const dialog = $("summary");
    if (!dialog.open) dialog.show();
    openSummary(view, ended.i, { onContinue: () => {}, watching: true, rematch: null, timed: false, record: outline.record });
  } else {
    closeSummary();
  }

  const side = [h("h3", {}, _("Moves")), renderLog(view)];
  const scores = renderScores(view);
  if (scores) side.push(h("h3", {}, _("Scores")), scores);
  const last = [...view.log].reverse().find((e) => e.kind === "trick" && Array.isArray(e.plays));
  if (last && !piles) side.push(h("h3", {}, _("Last trick")), trickStrip(view, last), h("small", { class: "note" }, last.text));
  if (view.fairness.length) side.push(renderFairness(view));
  side.push(rulesPanel(view.game));
  $("side").replaceChildren(...side);

  const k = at;
  const n = outline.steps.length;
  for (const id of ["first", "prev-deal", "prev-trick", "prev-move"]) $(id).disabled = k === 0;
  for (const id of ["next-move", "next-trick", "next-deal", "last"]) $(id).disabled = k === n - 1;
}

async function start() {
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    tell(format(_("Reading {file}…"), { file: file.name }), "info");
    const made = await uploadRecord(file);
    $("upload").value = "";
    if (made.ok) location.assign(made.url);
    else tell(format(_("{file}: {reason}"), { file: file.name, reason: made.reason }), "refused");
  });
  let reply;
  try {
    reply = await fetch(api);
    outline = await reply.json();
  } catch (exc) {
    reply = null;
  }
  if (!reply || !reply.ok) {
    $("status").textContent = _("No replay");
    tell((outline && outline.detail) || _("the server does not answer; try again"), "refused");
    outline = null;
    document.body.dataset.error = "1";
    return;
  }
  $("game").textContent = outline.title;
  $("game").title = outline.game;
  $("status").textContent = upload ? _("Replay of an uploaded record") : _("Replay");
  $("record-link").href = outline.record;
  $("record-link").hidden = false;
  if (!upload) {
    $("record-link").download = `${outline.table}.hrec`;
    showTraveller($("traveller"), outline.table);  // a board of an event: every table's game
  }
  if (outline.view === "piles") {
    // Spite and Malice moves by turns, not tricks: the buttons and keys say so.
    $("prev-trick").textContent = _("↑ turn");
    $("next-trick").textContent = _("turn ↓");
    $("keys").textContent = _("Keys: ← → move, ↑ ↓ turn, PgUp PgDn deal, Home End.");
  }
  const select = $("seat-view");
  outline.seats.forEach((s, i) => select.append(h("option", { value: String(i) }, format(_("as {name} saw it"), { name: s.name }))));
  const wanted = new URLSearchParams(location.hash.slice(1));
  const who = wanted.get("seat");
  if (who !== null && [...select.options].some((o) => o.value === who)) seat = who;
  select.value = seat;
  select.addEventListener("change", () => {
    seat = select.value;
    go(at);
  });
  const slider = $("slider");
  slider.max = String(outline.steps.length - 1);
  slider.addEventListener("input", () => go(Number(slider.value)));
  for (const [id, where] of Object.entries(MOVES)) $(id).addEventListener("click", () => go(where()));
  document.addEventListener("keydown", (e) => {
    const name = KEYS[e.key];
    if (!name || !outline || e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();  // the slider's own arrow keys too: one step per key, the same everywhere
    go(MOVES[name]());
  });
  // The review of a seat's play: the address's #review=N (the game's end offers "Review my
  // game" for the reader's seat) opens it on that seat.
  const reviewed = wanted.get("review");
  setupReview({
    base,
    outline,
    jump: (index) => go(stopOf(index)),
    stopOf,
    seat: reviewed !== null && /^\d+$/.test(reviewed) ? Number(reviewed) : null,
    onChange: () => { if (outline) history.replaceState(null, "", `#i=${outline.steps[at].index}&seat=${seat}${reviewHash()}`); },
  });
  document.body.dataset.replay = "ready";
  const index = Number(wanted.get("i"));
  await go(wanted.has("i") && Number.isInteger(index) ? stopOf(index) : 0);
}

start();
