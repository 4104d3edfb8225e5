// The table page: one WebSocket to the room, each state message drawn in turn, clicks and keys
// sent as actions. The server decides everything; this page only shows and asks. Messages are
// drawn one after another so that nothing a player should see is skipped: a finished trick
// stays on the felt a moment (its taker's card marked) before it is gathered, and a finished
// deal opens its summary.

import { cardSVG, cardLabel, isCard } from "./cards.js";
import { h } from "./dom.js";
import { ecarteLabel } from "./ecarte.js";
import { LANG, N_, _, format, ngettext } from "./i18n.js";
import { renderFairness, renderLog, renderScores, rulesPanel, trickStrip } from "./panels.js";
import { clockText, currentPlays, gather, moveLabel, renderBoard, renderFacts, seatName } from "./render.js";
import { drawSpite } from "./spite.js";
import { closeSummary, openSummary, summaryOpen } from "./summary.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
const watchOnly = params.has("watch");
let key = params.get("key") || (watchOnly ? null : localStorage.getItem(`hoyle:key:${tableId}`));
if (key) localStorage.setItem(`hoyle:key:${tableId}`, key);

/** How long a finished trick stays on the felt before it is gathered (ms). */
const TRICK_HOLD = Number(localStorage.getItem("hoyle:trick-ms") || 1100);
const GATHER_MS = 380;

const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let focus = 0;
let keyedMove = null;  // Spite and Malice: the legal move the arrow keys have reached
let hinted = null;
let retry = 500;
let sound = localStorage.getItem("hoyle:sound") === "on";
let auto = localStorage.getItem("hoyle:auto") !== "off";
/** The absolute index (in the seat's whole log) of the first entry not yet seen. */
let seen = null;
/** The last finished trick seen, {plays, winner, text}, for the "Last trick" view. */
let lastTrick = null;
/** When the turn clock of `state.clock` runs out, in this page's time. */
let clockUntil = null;
/** Every finished trick drawn on the felt, for tests and for review: cards shown, winner. */
window.hoyleTricks = [];
/** The moves the room played for this seat because they were its only legal ones. */
window.hoyleAutoPlayed = [];

function tell(text, kind = "info", extra = null) {
  const box = $("message");
  box.replaceChildren(text);
  if (extra) box.append(extra);
  box.className = `message ${kind}`;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // The page's language: everything the table sends this connection is in it.
  ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}?lang=${LANG}`);
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = _("connected");
    const hello = { type: "hello", auto };
    if (key) hello.key = key;
    const name = localStorage.getItem("hoyle:name");
    if (name) hello.name = name;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    $("conn").textContent = _("reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

const inbox = [];
let busy = false;

function receive(msg) {
  if (msg.type === "state") {
    inbox.push(msg);
    drain();
  } else if (msg.type === "presence") {
    // A player came or went: the newest state again, with who is here, the pause and the
    // clock as they are now (the room sends a whole state only to the one who joins).
    const last = inbox.length ? inbox[inbox.length - 1] : state;
    if (last) {
      inbox.push({ ...last, seats: msg.seats, pause: msg.pause, clock: msg.clock, presence: true });
      drain();
    }
  } else if (msg.type === "refused") {
    tell(msg.reason, "refused");
    queue = null;
  } else if (msg.type === "hint") {
    showHint(msg);
  } else if (msg.type === "rematch") {
    location.assign(`/t/${msg.table}${key ? "#key=" + encodeURIComponent(key) : ""}`);
  } else if (msg.type === "error") {
    tell(msg.reason, "refused");
    key = null;
    localStorage.removeItem(`hoyle:key:${tableId}`);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Draw the waiting messages in order, holding each finished trick on the felt a moment. */
async function drain() {
  if (busy) return;
  busy = true;
  try {
    while (inbox.length) {
      const msg = inbox.shift();
      const log = Array.isArray(msg.log) ? msg.log : [];
      const start = msg.log_start || 0;
      const first = seen === null;
      const fresh = first ? [] : log.map((e, i) => ({ e, i })).filter(({ i }) => start + i >= seen);
      if (first) rememberLastTrick(log);
      seen = start + log.length;
      const trick = [...fresh].reverse().find(({ e }) => e.kind === "trick" && Array.isArray(e.plays));
      const newState = !state || msg.seq !== state.seq;
      if (trick) {
        lastTrick = trick.e;
        if (msg.view !== "piles" && TRICK_HOLD > 0) {
          // The rest of the page moves on (the hand, the log); the felt keeps the trick.
          adopt(msg);
          draw();
          if (fresh.some(({ e }) => e.kind === "deal_end")) {
            // The next deal's cards wait until its summary has been read.
            $("hand").replaceChildren();
            $("actions").replaceChildren();
          }
          await holdTrick(msg, trick.e);
        }
      }
      if (newState) hinted = null;
      const myTurnNow = msg.legal.length > 0 && (newState || !(state && state.legal.length > 0));
      adopt(msg);
      if (newState && msg.auto_played && msg.auto_played.seat === msg.you && msg.you !== null) {
        window.hoyleAutoPlayed.push(msg.auto_played.token);
        tell(format(_("Played for you, your only move: {move}."), { move: moveLabel(msg.auto_played.token) }), "info");
      } else if (newState && $("message").classList.contains("refused") && msg.seq > 0) {
        tell("");  // a refusal is over once the table has moved on
      }
      draw();
      pump();
      if (myTurnNow && sound) beep();
      const ended = fresh.find(({ e }) => e.kind === "deal_end");
      if (ended) {
        const watching = msg.you === null;  // a spectator has nobody to hold the table for
        openSummary(msg, ended.i, { onContinue: () => { if (!watching) send({ type: "continue" }); }, watching, rematch: rematchButton(msg), links: endLinks(msg) });
      } else if (first && msg.status === "finished") {
        const at = log.findIndex((e) => e.kind === "deal_end");
        if (at >= 0) openSummary(msg, at, { onContinue: () => {}, watching: true, rematch: rematchButton(msg), links: endLinks(msg) });
      }
    }
  } finally {
    busy = false;
  }
}

/** Make ``msg`` the state drawn, its turn clock counted from now. */
function adopt(msg) {
  if (!state || state.seq !== msg.seq || !msg.clock !== !state.clock || msg.presence) {
    clockUntil = msg.clock ? Date.now() + msg.clock.seconds * 1000 : null;
  }
  state = msg;
}

/** On the first message, the last finished trick told in the log sent (for "Last trick"). */
function rememberLastTrick(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].kind === "trick" && Array.isArray(log[i].plays)) {
      lastTrick = log[i];
      return;
    }
  }
}

/** Show the whole finished trick on the felt, its taker marked, then gather it. */
async function holdTrick(msg, trick) {
  const board = $("board");
  const felt = renderBoard(msg, { plays: trick.plays, winner: trick.winner, label: trick.text });
  board.replaceChildren(renderFacts(msg) || "", felt);
  window.hoyleTricks.push({
    deal: msg.observation.deal,
    shown: felt.querySelectorAll(".in-trick").length,
    plays: trick.plays.length,
    winner: trick.winner,
    marked: Number((felt.querySelector(".in-trick.winner") || { dataset: { seat: -1 } }).dataset.seat),
  });
  document.body.dataset.trickShown = String(window.hoyleTricks.length);
  await sleep(TRICK_HOLD);
  gather(felt, trick.winner);
  await sleep(GATHER_MS);
}

function act(token) {
  if (!state) return;
  if (state.you === null) {
    tell(_("You are watching: open an invite link to take a seat."), "refused");
    return;
  }
  if (auto && !state.pause && state.legal.length === 1 && state.legal[0] === token && state.you === state.to_act) {
    // The room plays a seat's only move for it (auto-play): a click now would only race it.
    tell(format(_("Your only move, {move}, is being played for you."), { move: moveLabel(token) }), "info");
    return;
  }
  if (CONFIRM[token]) {
    confirmThen(_(CONFIRM[token]), format(_("Yes, {move}"), { move: moveLabel(token) }), () => send({ type: "act", token }));
    return;
  }
  send({ type: "act", token });
}

/** Moves a player confirms before they are sent: they cannot be taken back. */
const CONFIRM = {
  abandon: N_("Abandon this hand? You give up the tricks still to play, and it cannot be taken back."),
};

/** Ask before doing something that cannot be undone. */
function confirmThen(question, yes, then) {
  const dialog = $("confirm");
  dialog.replaceChildren(
    h("p", {}, question),
    h("div", { class: "summary-buttons" },
      h("button", { id: "confirm-yes", class: "primary", onclick: () => { dialog.close(); then(); } }, yes),
      h("button", { id: "confirm-no", onclick: () => dialog.close() }, _("Cancel"))));
  dialog.showModal();
  $("confirm-no").focus();
}

/** The legal choices in the order keys walk them: cards of the hand first, then the rest. */
function choices() {
  if (!state) return [];
  const hand = state.observation.hand || [];
  const legal = state.legal;
  return [...hand.filter((c) => legal.includes(c)), ...legal.filter((t) => !hand.includes(t))];
}

function statusText(msg) {
  if (msg.status === "finished") return _("Game over");
  if (msg.pause && msg.pause.waiting && msg.pause.waiting.length) return _("Between deals");
  if (msg.to_act === null) return _("dealing…");
  return msg.to_act === msg.you ? _("Your turn") : format(_("{name} to play"), { name: seatName(msg, msg.to_act) });
}

function tickClock() {
  const left = clockUntil === null ? null : (clockUntil - Date.now()) / 1000;
  const box = $("clock");
  if (left === null || !state || !state.clock || state.status === "finished") {
    box.textContent = "";
    return;
  }
  const mine = state.clock && state.clock.seat === state.you;
  const time = clockText(left);
  box.textContent = mine ? format(_("{time} left, then a bot plays for you"), { time }) :
    format(_("{time} before a bot plays for {name}"), { time, name: seatName(state, state.clock.seat) });
  box.className = mine && left < 20 ? "clock urgent" : "clock";
  const seatClock = document.querySelector(".seat .clock");
  if (seatClock) seatClock.textContent = format(_("bot in {time}"), { time });
}

function draw() {
  const msg = state;
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.status = msg.status;
  document.body.dataset.toAct = String(msg.to_act);  // for tests and styles: whose turn
  document.body.dataset.phase = String(msg.observation.phase || "");
  document.body.dataset.view = String(msg.view);
  document.title = `${msg.title} · hoyle`;
  $("game").textContent = msg.title;
  drawEvent(msg);
  $("status").textContent = statusText(msg);
  $("status").className = msg.to_act === msg.you && msg.status !== "finished" ? "your-turn" : "";
  tickClock();
  const piles = msg.view === "piles";  // the family record's web view: piles, not tricks
  $("keys").textContent = piles ? _("Click a card, then where it goes. Keys: ← → walk the legal moves, Enter play, h hint.") :
    _("Keys: ← → choose, Enter play, 1–9 play the n-th choice, h hint, l last trick.");
  $("last-btn").hidden = piles;
  $("last-btn").disabled = !lastTrick;
  if (piles) {
    const keyed = keyedMove !== null && msg.legal.includes(keyedMove) ? keyedMove : null;
    drawSpite(msg, { board: $("board"), hand: $("hand"), actions: $("actions"), act, tell, redraw: draw, hinted, keyed });
    const facts = renderFacts(msg);
    if (facts) $("board").prepend(facts);
  } else {
    $("board").replaceChildren(renderFacts(msg) || "", renderBoard(msg, { clockLeft: clockUntil === null ? null : (clockUntil - Date.now()) / 1000 }));
    drawHand(msg);
  }

  const side = [];
  side.push(h("h3", {}, _("Moves")), renderLog(msg));
  const scores = renderScores(msg);
  if (scores) side.push(h("h3", {}, _("Scores")), scores);
  if (lastTrick && !piles) side.push(h("h3", {}, _("Last trick")), trickStrip(msg, lastTrick), h("small", { class: "note" }, lastTrick.text));
  side.push(renderFairness(msg));
  side.push(rulesPanel(msg.game));
  $("side").replaceChildren(...side);

  const end = $("end");
  end.replaceChildren();
  if (msg.status === "finished") {
    const result = (msg.log || []).find((e) => e.kind === "game_end");
    end.append(h("p", { class: "result" }, result ? result.text : _("The game is over.")));
    end.append(h("button", { onclick: () => reopenSummary() }, _("Final scores")));
    // An event's board stays hidden until every table has played it: its record, replay and
    // review are on the event's page then, not here.
    if (!msg.event) end.append(h("a", { class: "button", href: `/api/tables/${msg.table}/record`, download: `${msg.table}.hrec` }, _("Download the record")));
    end.append(...endLinks(msg));
    // A player's own game: its replay with their seat's review open (as the summary offers).
    if (Number.isInteger(msg.you) && !msg.event) {
      end.append(h("a", { class: "button review-link", href: `/replay/${msg.table}#review=${msg.you}` }, _("Review my game")));
    }
    const again = rematchButton(msg);
    if (again) end.append(again);
  }
  $("hint-btn").disabled = !(msg.legal.length > 0);
  $("leave-btn").hidden = msg.you === null;
  $("auto").parentElement.hidden = msg.you === null;  // a spectator plays no moves
  renderInvites();
  renderName(msg);
}

function reopenSummary() {
  const log = state.log || [];
  const at = log.findIndex((e) => e.kind === "deal_end");
  if (at >= 0) openSummary(state, at, { onContinue: () => {}, watching: true, rematch: rematchButton(state), links: endLinks(state) });
}

/** The links a finished game's end offers besides the record: back to its event (first: it is
 * where an event's player goes next), and its replay. */
function endLinks(msg) {
  if (msg.status !== "finished") return [];
  const links = [];
  if (msg.event) {
    // The page's own key, when it came with one, goes along: the event's page knows its person
    // by it (their next game, their place), as it does from their private link.
    const own = params.get("key");
    const href = msg.event.url + (own ? "#key=" + encodeURIComponent(own) : "");
    links.push(h("a", { class: "button primary event-link", href }, _("Back to the event")));
    return links;  // its replay is on the event's page once every table has played the board
  }
  links.push(h("a", { class: "button replay-link", href: `/replay/${msg.table}` }, _("Replay this game")));
  return links;
}

/** Beside the title, for a game of a duplicate event: the event's name and the board played. */
function drawEvent(msg) {
  let line = $("event-line");
  if (!msg.event) {
    if (line) line.remove();
    return;
  }
  if (!line) {
    line = h("small", { id: "event-line", class: "event-line" });
    $("game").after(" ", line);
  }
  const values = { name: msg.event.name, board: msg.event.board + 1, boards: msg.event.boards };
  line.textContent = msg.event.name ? format(_("Event {name}: board {board} of {boards}"), values) :
    format(_("Event: board {board} of {boards}"), values);
}

/** The rematch button, or the link to the rematch already made; null for a spectator, and for
 * a game of an event (the event makes its next board, not a rematch). */
function rematchButton(msg) {
  if (msg.status !== "finished" || msg.event) return null;
  if (msg.rematch) {
    return h("a", { id: "next-game", class: "button primary", href: `/t/${msg.rematch}${key ? "#key=" + encodeURIComponent(key) : ""}` }, _("Next game →"));
  }
  if (msg.you === null) return null;
  return h("button", { id: "rematch", class: "primary", onclick: () => send({ type: "rematch" }) }, _("Rematch"));
}

/** Cards chosen to pass or discard, sent one by one on confirm. */
const selected = new Set();
/** The cards still to send after a confirm. */
let queue = null;

/** What this seat chooses several cards for now, or null: the engine's `choose` ({verb, min,
 * max}: how many cards the pass or discard still asks). */
function choosing(msg) {
  const hand = msg.observation.hand;
  if (!msg.choose || !Array.isArray(hand) || !msg.legal.some((t) => hand.includes(t))) return null;
  return msg.choose;
}

/** Send the next queued card once the table has taken the last one. */
function pump() {
  if (!queue || !state || state.seq <= queue.after) return;
  const msg = state;
  if (queue.tokens.length) {
    const token = queue.tokens.shift();
    if (msg.legal.includes(token)) {
      queue.after = msg.seq;
      send({ type: "act", token });
      return;
    }
    const left = [token, ...queue.tokens].map(cardLabel).join(" ");
    if (msg.legal.length) tell(format(_("Not sent: {cards} (the table has moved on)."), { cards: left }), "refused");
    queue = null;
    return;
  }
  // The chosen cards are all gone: finish a discard where the engine asks for it (the draw
  // that follows a discard of as many cards as one likes).
  if (queue.verb === "discard" && msg.legal.includes("draw")) send({ type: "act", token: "draw" });
  queue = null;
}

function confirmChoice(msg) {
  queue = { tokens: msg.observation.hand.filter((c) => selected.has(c)), after: -1, verb: choosing(msg).verb };
  selected.clear();
  pump();
}

/** The hand (cards to play, or to choose for a pass or discard) and a button for every other move. */
function drawHand(msg) {
  const opts = choices();
  if (focus >= opts.length) focus = 0;
  const hand = msg.observation.hand;
  const choice = choosing(msg);
  if (!choice) selected.clear();
  for (const c of [...selected]) if (!msg.legal.includes(c)) selected.delete(c);
  const handBox = $("hand");
  handBox.replaceChildren();
  if (Array.isArray(hand)) {
    hand.forEach((token) => {
      const card = cardSVG(token);
      const legal = msg.legal.includes(token);
      card.classList.add(legal ? "legal" : "dim");
      if (selected.has(token)) card.classList.add("selected");
      if (token === hinted) card.classList.add("hinted");
      if (opts[focus] === token && msg.legal.length) card.classList.add("focus");
      card.setAttribute("tabindex", "0");
      card.addEventListener("click", () => {
        if (choice && legal) toggle(token, choice);
        else act(token);
      });
      handBox.append(card);
    });
  } else if (msg.you === null) {
    handBox.append(h("p", { class: "note" }, _("Watching: you see only what every player sees.")));
  }
  let buttons = msg.legal.filter((t) => !(Array.isArray(hand) && hand.includes(t)));
  if (choice && selected.size) buttons = buttons.filter((t) => t !== "draw");  // the confirm draws
  const nodes = buttons.map((token) => h("button", {
    class: "action" + (opts[focus] === token ? " focus" : "") + (token === hinted ? " hinted" : ""),
    dataset: { token }, onclick: () => act(token),
  }, isCard(token) ? cardLabel(token) : msg.view === "exchange" ? ecarteLabel(msg, token) : moveLabel(token)));
  if (choice) {
    const n = selected.size;
    const label = n ? chosenText(choice.verb, n) : chooseText(choice);
    const confirm = h("button", { id: "choice-confirm", class: "action confirm", onclick: () => confirmChoice(msg) }, label);
    confirm.disabled = n < choice.min || n > choice.max || n === 0;
    nodes.unshift(confirm);
    if (n) nodes.splice(1, 0, h("button", { id: "choice-clear", class: "action", onclick: () => { selected.clear(); draw(); } }, _("Clear")));
  }
  $("actions").replaceChildren(...nodes);
}

/** The confirm button's words with ``n`` cards chosen to pass or discard. */
function chosenText(verb, n) {
  const words = verb === "pass" ? ngettext("Pass {n} card", "Pass {n} cards", n) : ngettext("Discard {n} card", "Discard {n} cards", n);
  return format(words, { n });
}

/** What the confirm button asks before any card is chosen: how many to pass or discard. */
function chooseText(choice) {
  const pass = choice.verb === "pass";
  const most = choice.max;
  let words;
  if (choice.min === most) words = pass ? ngettext("Choose {n} card to pass", "Choose {n} cards to pass", most) : ngettext("Choose {n} card to discard", "Choose {n} cards to discard", most);
  else if (choice.min <= 1) words = pass ? ngettext("Choose up to {n} card to pass", "Choose up to {n} cards to pass", most) : ngettext("Choose up to {n} card to discard", "Choose up to {n} cards to discard", most);
  else words = pass ? _("Choose {min}–{n} cards to pass") : _("Choose {min}–{n} cards to discard");
  return format(words, { n: most, min: choice.min });
}

function toggle(token, choice) {
  if (selected.has(token)) selected.delete(token);
  else if (selected.size < choice.max) selected.add(token);
  else {
    const words = choice.verb === "pass" ?
      ngettext("You pass {n} card: click a chosen card to put it back first.", "You pass {n} cards: click a chosen card to put it back first.", choice.max) :
      ngettext("You discard {n} card: click a chosen card to put it back first.", "You discard {n} cards: click a chosen card to put it back first.", choice.max);
    tell(format(words, { n: choice.max }), "refused");
  }
  draw();
}

/** The hint: every move with its value, best first, the suggested one marked, and why it is
 * suggested when it is not the best valued. */
function showHint(msg) {
  const moves = msg.moves || [];
  const best = moves.find((m) => m.suggested) || moves[0];
  hinted = best ? best.token : null;
  const list = h("ol", { class: "hint-list" }, ...moves.map((m) => h("li", { class: m.suggested ? "suggested" : "" },
    `${moveLabel(m.token)} ${m.value >= 0 ? "+" : ""}${m.value}`, m.suggested ? h("b", {}, " ", _("← suggested")) : null)));
  const why = msg.reason ? h("p", { class: "reason" }, format(_("Suggested although not the best valued: {reason}."), { reason: msg.reason })) : null;
  const meaning = msg.meaning || _("points by the end of the deal");
  tell(format(_("Hint — each move's estimated {meaning}:"), { meaning }), "hint", h("div", {}, list, why));
  draw();
}

/** Show the last trick on the felt until the next key or click. */
function showLastTrick() {
  if (!state || !lastTrick) return;
  const felt = renderBoard(state, { plays: lastTrick.plays, winner: lastTrick.winner, label: format(_("Last trick: {trick}"), { trick: lastTrick.text }) });
  $("board").replaceChildren(renderFacts(state) || "", felt);
  tell(_("The last trick, until your next key or click."), "info");
  const back = () => { document.removeEventListener("click", back, true); document.removeEventListener("keydown", back, true); if (state) draw(); };
  setTimeout(() => { document.addEventListener("click", back, true); document.addEventListener("keydown", back, true); }, 0);
}

function renderInvites() {
  const saved = JSON.parse(localStorage.getItem(`hoyle:invites:${tableId}`) || "[]");
  const box = $("invites");
  box.replaceChildren();
  // An event's game cannot be watched while its board is hidden, and its seats are the
  // event's to name: no watch link, no invites, no renaming here.
  if (state && state.event) return;
  const watch = `${location.origin}/t/${tableId}#watch`;
  box.append(h("p", { class: "note" }, _("To watch:"), " ", h("input", { readonly: "", value: watch, onclick: (e) => e.target.select() })));
  if (!saved.length || (state && state.status === "finished")) return;
  box.append(h("h3", {}, _("Invite links")));
  for (const inv of saved) {
    const here = state && state.seats[inv.seat] && state.seats[inv.seat].connected;
    box.append(h("p", {}, here ? format(_("{name} (here):"), { name: inv.name }) : `${inv.name}:`, " ",
      h("input", { class: "invite", readonly: "", value: inv.link, onclick: (e) => e.target.select() })));
  }
}

function renderName(msg) {
  const box = $("my-name");
  if (msg.you === null || msg.event || box.dataset.done) return;
  box.dataset.done = "1";
  const input = h("input", { maxlength: "24", value: msg.seats[msg.you].name, "aria-label": _("your name") });
  input.addEventListener("change", () => {
    localStorage.setItem("hoyle:name", input.value.trim());
    if (ws) ws.close();  // the hello of the new connection carries the name
  });
  box.replaceChildren(h("label", {}, _("Your name"), " ", input));
}

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    osc.frequency.value = 660;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.08);
  } catch (e) { /* no audio: fine */ }
}

document.addEventListener("keydown", (e) => {
  if (!state || e.target.tagName === "INPUT" || summaryOpen() || $("confirm").open) return;
  const opts = choices();
  if (e.key === "l" && state.view !== "piles") {
    showLastTrick();
    return;
  }
  // Spite and Malice moves are two clicks (a card, then where it goes) with the mouse; with the
  // keyboard the arrows walk through the whole legal moves, each outlined and named, and Enter
  // plays the one reached.
  if (state.view === "piles" && e.key !== "h" && e.key !== "?") {
    const legal = state.legal;
    if (!legal.length) return;
    let at = legal.indexOf(keyedMove);
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      at = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : legal.length - 1)) % legal.length;
      keyedMove = legal[at];
      draw();
      tell(format(_("Move {n} of {total}: {move} (Enter plays it)"), { n: at + 1, total: legal.length, move: moveLabel(keyedMove) }), "info");
      e.preventDefault();
    } else if ((e.key === "Enter" || e.key === " ") && at >= 0) {
      keyedMove = null;
      act(legal[at]);
      e.preventDefault();
    }
    return;
  }
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    if (!opts.length) return;
    focus = (focus + (e.key === "ArrowRight" ? 1 : opts.length - 1)) % opts.length;
    draw();
    e.preventDefault();
  } else if (e.key === "Enter" || e.key === " ") {
    if (opts.length && e.target.tagName !== "BUTTON") { activate(opts[focus]); e.preventDefault(); }
  } else if (/^[1-9]$/.test(e.key)) {
    const i = Number(e.key) - 1;
    if (i < opts.length) activate(opts[i]);
  } else if (e.key === "h" || e.key === "?") {
    send({ type: "hint" });
  }
});

/** A key's choice: a card to choose when cards are being chosen, else the move itself. */
function activate(token) {
  const choice = choosing(state);
  if (choice && (state.observation.hand || []).includes(token)) toggle(token, choice);
  else act(token);
}

$("hint-btn").addEventListener("click", () => { tell(_("Thinking…"), "info"); send({ type: "hint" }); });
$("last-btn").addEventListener("click", (e) => { e.stopPropagation(); showLastTrick(); });
const soundText = () => (sound ? _("sound on") : _("sound off"));
$("sound").textContent = soundText();
$("sound").addEventListener("click", () => {
  sound = !sound;
  localStorage.setItem("hoyle:sound", sound ? "on" : "off");
  $("sound").textContent = soundText();
});
$("auto").checked = auto;
$("auto").addEventListener("change", () => {
  auto = $("auto").checked;
  localStorage.setItem("hoyle:auto", auto ? "on" : "off");
  send({ type: "settings", auto });
});
$("leave-btn").addEventListener("click", () => leave());
document.querySelector("header .home").addEventListener("click", (e) => {
  if (state && state.you !== null && state.status !== "finished") {
    e.preventDefault();
    leave();
  }
});

function leave() {
  if (!state || state.status === "finished" || state.you === null) {
    location.assign("/");
    return;
  }
  confirmThen(_("Leave the table? A bot plays your seat until you come back with your invite link."), _("Leave"), () => {
    closeSummary();
    location.assign("/");
  });
}

setInterval(tickClock, 1000);
connect();
