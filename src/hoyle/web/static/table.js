// The table page: one WebSocket to the room, the state drawn on every message, clicks and
// keys sent as actions. The server decides everything; this page only shows and asks.

import { cardSVG, isCard, cardLabel } from "./cards.js";
import { scoreChart } from "./chart.js";
import { h, renderBoard, renderDetails, renderLastTrick, renderValue } from "./render.js";
import { SPITE_DRAWN, drawSpite } from "./spite.js";
import { ecarteLabel } from "./ecarte.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
const watchOnly = params.has("watch");
let key = params.get("key") || (watchOnly ? null : localStorage.getItem(`hoyle:key:${tableId}`));
if (key) localStorage.setItem(`hoyle:key:${tableId}`, key);

const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let focus = 0;
let keyedMove = null;  // Spite and Malice: the legal move the arrow keys have reached
let hinted = null;
let retry = 500;
let sound = localStorage.getItem("hoyle:sound") === "on";

function say(text, kind = "info") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = "connected";
    const hello = { type: "hello" };
    if (key) hello.key = key;
    const name = localStorage.getItem("hoyle:name");
    if (name) hello.name = name;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    $("conn").textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function receive(msg) {
  if (msg.type === "state") {
    const myTurnNow = msg.legal.length > 0 && !(state && state.legal.length > 0 && state.seq === msg.seq);
    if (!state || msg.seq !== state.seq) hinted = null;
    state = msg;
    draw();
    pump();
    if (myTurnNow && sound) beep();
    if (msg.rematch && msg.you !== null && !$("next-game")) {
      say("A rematch is ready.", "info");
    }
  } else if (msg.type === "refused") {
    say(msg.reason, "refused");
    queue = null;
  } else if (msg.type === "hint") {
    hinted = msg.moves.length ? msg.moves[0].token : null;
    say("Hint: " + msg.moves.map((m) => `${isCard(m.token) ? cardLabel(m.token) : m.token} (${m.value})`).join(", "), "hint");
    draw();
  } else if (msg.type === "rematch") {
    location.assign(`/t/${msg.table}${key ? "#key=" + encodeURIComponent(key) : ""}`);
  } else if (msg.type === "error") {
    say(msg.reason, "refused");
    key = null;
    localStorage.removeItem(`hoyle:key:${tableId}`);
  }
}

function act(token) {
  if (!state) return;
  if (state.you === null) {
    say("You are watching: open an invite link to take a seat.", "refused");
  }
  send({ type: "act", token });
}

/** The legal choices in the order keys walk them: cards of the hand first, then the rest. */
function choices() {
  if (!state) return [];
  const hand = state.observation.hand || [];
  const legal = state.legal;
  return [...hand.filter((c) => legal.includes(c)), ...legal.filter((t) => !hand.includes(t))];
}

function draw() {
  const msg = state;
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.status = msg.status;
  document.body.dataset.toAct = String(msg.to_act);  // for tests and styles: whose turn
  document.body.dataset.phase = String(msg.observation.phase || "");
  document.title = `${msg.title} · hoyle`;
  $("game").textContent = msg.game;
  const turn = msg.status === "finished" ? "Game over" : msg.to_act === null ? "dealing…" :
    msg.to_act === msg.you ? "Your turn" : `${msg.seats[msg.to_act].name} to play`;
  $("status").textContent = turn;
  $("status").className = msg.to_act === msg.you && msg.status !== "finished" ? "your-turn" : "";
  const piles = msg.view === "piles";  // the family record's web view: piles, not tricks
  $("keys").textContent = piles ? "Click a card, then where it goes. Keys: ← → walk the legal moves, Enter play, h hint." :
    "Keys: ← → choose, Enter play, 1–9 play the n-th choice, h hint.";
  if (piles) {
    const keyed = keyedMove !== null && msg.legal.includes(keyedMove) ? keyedMove : null;
    drawSpite(msg, { board: $("board"), hand: $("hand"), actions: $("actions"), act, say, redraw: draw, hinted, keyed });
  } else {
    $("board").replaceChildren(renderBoard(msg));
    drawHand(msg);
  }

  const side = [];
  const names = msg.seats.map((s) => s.name);
  const chart = scoreChart(msg.score_history, names);
  if (chart) side.push(h("h3", {}, "Scores by deal"), chart);
  const last = renderLastTrick(msg);
  if (last) side.push(last);
  side.push(h("h3", {}, "Table"), renderDetails(msg, piles ? SPITE_DRAWN : []));
  side.push(renderFairness(msg));
  side.push(rulesPanel(msg.game));
  $("side").replaceChildren(...side);

  const end = $("end");
  end.replaceChildren();
  if (msg.status === "finished") {
    end.append(h("p", {}, "Result: ", renderValue(msg.returns, msg)));
    end.append(h("a", { href: `/api/tables/${msg.table}/record`, download: `${msg.table}.txt` }, "Download the record"));
    if (msg.rematch) {
      end.append(h("a", { id: "next-game", class: "button", href: `/t/${msg.rematch}${key ? "#key=" + encodeURIComponent(key) : ""}` }, "Next game →"));
    } else if (msg.you !== null) {
      end.append(h("button", { id: "rematch", onclick: () => send({ type: "rematch" }) }, "Rematch"));
    }
  }
  $("hint-btn").disabled = !(msg.legal.length > 0);
  renderInvites();
  renderName(msg);
}

/** Cards chosen for a discard (Écarté's exchange, Bourré's draw), sent one by one on confirm. */
const selected = new Set();
/** The discards still to send after a confirm (then `draw`, where the engine offers it). */
let queue = null;

/** True when this seat discards by choosing several cards then confirming. */
function selecting(msg) {
  const hand = msg.observation.hand;
  return msg.view === "exchange" && ["discard", "exchange"].includes(msg.observation.phase) &&
    Array.isArray(hand) && msg.legal.some((t) => hand.includes(t));
}

/** Send the next queued discard once the table has taken the last one. */
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
    if (msg.legal.length) say(`Not discarded: ${left} (the exchange is over).`, "refused");
    queue = null;
    return;
  }
  // The chosen cards are all gone: finish the exchange where the engine asks for it.
  if (msg.legal.includes("draw")) send({ type: "act", token: "draw" });
  queue = null;
}

function confirmDiscard(msg) {
  queue = { tokens: msg.observation.hand.filter((c) => selected.has(c)), after: -1 };
  selected.clear();
  pump();
}

/** The hand (cards to play, or to choose for a discard) and the buttons for every other move. */
function drawHand(msg) {
  const opts = choices();
  if (focus >= opts.length) focus = 0;
  const hand = msg.observation.hand;
  const choosing = selecting(msg);
  if (!choosing) selected.clear();
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
        if (choosing && legal) {
          if (selected.has(token)) selected.delete(token);
          else selected.add(token);
          draw();
        } else {
          act(token);
        }
      });
      handBox.append(card);
    });
  } else if (msg.you === null) {
    handBox.append(h("p", { class: "note" }, "Watching: you see only what every player sees."));
  }
  let buttons = msg.legal.filter((t) => !(Array.isArray(hand) && hand.includes(t)));
  if (choosing && selected.size) buttons = buttons.filter((t) => t !== "draw");  // the confirm draws
  const nodes = buttons.map((token) => h("button", {
    class: "action" + (opts[focus] === token ? " focus" : "") + (token === hinted ? " hinted" : ""),
    dataset: { token }, onclick: () => act(token),
  }, isCard(token) ? cardLabel(token) : msg.view === "exchange" ? ecarteLabel(msg, token) : token));
  if (choosing) {
    const n = selected.size;
    const label = n ? `Discard ${n} card${n === 1 ? "" : "s"}` : "Choose the cards to discard";
    const confirm = h("button", { id: "discard-confirm", class: "action confirm", onclick: () => confirmDiscard(msg) }, label);
    confirm.disabled = n === 0;
    nodes.unshift(confirm);
  }
  $("actions").replaceChildren(...nodes);
}

let rulesBox = null;
/** The rules in force, fetched once and kept open or closed across redraws. */
function rulesPanel(game) {
  if (rulesBox && rulesBox.dataset.game === game) return rulesBox;
  rulesBox = h("details", { class: "rules", dataset: { game } }, h("summary", {}, "Rules"));
  fetch(`/api/rules?game=${encodeURIComponent(game)}`).then((r) => r.json()).then((r) => {
    rulesBox.append(h("h4", {}, r.title), h("p", {}, r.summary),
      h("ul", {}, ...r.rules.map((line) => h("li", {}, line))),
      h("p", { class: "note" }, "Source: " + r.source));
  });
  return rulesBox;
}

function renderFairness(msg) {
  const rows = msg.fairness.map((d) => h("li", {},
    `deal ${d.deal}: `, h("code", { title: d.commitment }, d.commitment.slice(0, 16) + "…"),
    d.salt ? h("span", {}, " · salt ", h("code", { title: d.salt }, d.salt.slice(0, 12) + "…")) : null));
  return h("details", { class: "fair" },
    h("summary", {}, "Fair shuffle"),
    h("p", {}, "Each deal's hash is published before play; the salt is shown at the end, so ",
      h("code", {}, "hoyle verify RECORD"), " can check that no deal was changed."),
    h("ol", {}, ...rows));
}

function renderInvites() {
  const saved = JSON.parse(localStorage.getItem(`hoyle:invites:${tableId}`) || "[]");
  const box = $("invites");
  box.replaceChildren();
  const watch = `${location.origin}/t/${tableId}#watch`;
  box.append(h("p", { class: "note" }, "To watch: ", h("input", { readonly: "", value: watch, onclick: (e) => e.target.select() })));
  if (!saved.length || (state && state.status === "finished")) return;
  box.append(h("h3", {}, "Invite links"));
  for (const inv of saved) {
    const here = state && state.seats[inv.seat] && state.seats[inv.seat].connected;
    box.append(h("p", {}, `${inv.name}${here ? " (here)" : ""}: `,
      h("input", { class: "invite", readonly: "", value: inv.link, onclick: (e) => e.target.select() })));
  }
}

function renderName(msg) {
  const box = $("my-name");
  if (msg.you === null || box.dataset.done) return;
  box.dataset.done = "1";
  const input = h("input", { maxlength: "24", value: msg.seats[msg.you].name, "aria-label": "your name" });
  input.addEventListener("change", () => {
    localStorage.setItem("hoyle:name", input.value.trim());
    if (ws) ws.close();  // the hello of the new connection carries the name
  });
  box.replaceChildren(h("label", {}, "Your name ", input));
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
  if (!state || e.target.tagName === "INPUT") return;
  const opts = choices();
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
      say(`Move ${at + 1} of ${legal.length}: ${keyedMove} (Enter plays it)`, "info");
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
    if (opts.length) { act(opts[focus]); e.preventDefault(); }
  } else if (/^[1-9]$/.test(e.key)) {
    const i = Number(e.key) - 1;
    if (i < opts.length) act(opts[i]);
  } else if (e.key === "h" || e.key === "?") {
    send({ type: "hint" });
  }
});

$("hint-btn").addEventListener("click", () => { say("Thinking…", "info"); send({ type: "hint" }); });
$("sound").textContent = sound ? "sound on" : "sound off";
$("sound").addEventListener("click", () => {
  sound = !sound;
  localStorage.setItem("hoyle:sound", sound ? "on" : "off");
  $("sound").textContent = sound ? "sound on" : "sound off";
});
connect();
