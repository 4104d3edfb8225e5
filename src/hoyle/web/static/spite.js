// The Spite and Malice table: the centre stacks, every seat's goal piles and fanned discard
// piles, the stock and heap counts, and the hand. A move is two clicks: a source card (a hand
// card, your goal top, a discard top) then a target (a stack, a new stack, a discard pile).
// What may be clicked comes only from the legal tokens the server sends
// (`7:goal>stack2`, `K=7:hand>stack1`, `Q:hand>discard3`, `7+7:hand>discard1`, `pass`):
// this page decides no rule, it only maps clicks to those tokens.

import { cardSVG } from "./cards.js";
import { SEAT_COLOURS } from "./chart.js";
import { h } from "./dom.js";
import { _, format } from "./i18n.js";
import { seatNameNode, seatStatus } from "./render.js";
import { moveWords } from "./words.js";

const MOVE = /^([^:=+]+)(?:=([^:]+))?(\+[^:]+)?:([a-z]+\d*)>([a-z]+\d*)$/;

/** A move token's parts, or null for `pass` and anything else. */
export function parseMove(token) {
  const m = MOVE.exec(token);
  if (!m) return null;
  return { token, card: m[1], as: m[2] || null, pair: Boolean(m[3]), source: m[4], target: m[5] };
}

/** The rank symbol a move token names for a card: `TD` → `T`, the joker `XJ` → `X`, `7` → `7`. */
export function symbolOf(card) {
  if (card === "XJ") return "X";
  if (/^\d+$/.test(card)) return card;
  return card.slice(0, -1);
}

/** A pile of the reader's as a move names it (``hand``, ``goal2``, ``discard3``), in words. */
function pileName(source) {
  const m = /^([a-z]+)(\d*)$/.exec(source);
  if (!m) return source;
  if (m[1] === "hand") return _("your hand");
  if (m[1] === "goal") return m[2] ? format(_("your goal pile {n}"), { n: m[2] }) : _("your goal pile");
  if (m[1] === "discard") return format(_("your discard pile {n}"), { n: m[2] });
  return source;
}

/** What is chosen as the source of the next move; kept across redraws of the same position. */
let chosen = null;

function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : format(_("Seat {n}"), { n: seat });
}

function card(token, size) {
  return token === null || token === undefined ? cardSVG(null, { size }) : cardSVG(token, { size });
}

/** The words of a move for a chooser button: "single", "a pair", "as 7", "new stack". */
function describe(move) {
  const card = move.pair ? format(_("a pair of {rank}"), { rank: move.card }) : move.card === "X" ? _("the joker") : move.card;
  return move.as ? format(_("{card} as {rank}"), { card, rank: move.as }) : card;
}

/**
 * Draw the Spite and Malice view into the page's parts.
 * @param {object} msg the state message
 * @param {{board: Element, hand: Element, actions: Element, act: Function, tell: Function, redraw: Function, hinted: ?string, keyed: ?string}} ui
 *   `keyed` is the move the keyboard has chosen (arrow keys cycle the legal moves, Enter plays it).
 */
export function drawSpite(msg, ui) {
  const obs = msg.observation;
  const n = msg.seats.length;
  const you = msg.you;
  const moves = msg.legal.map(parseMove).filter(Boolean);
  const key = (source, sym) => `${source}|${sym}`;
  const sources = new Set(moves.map((m) => key(m.source, m.card)));
  if (chosen && (chosen.seq !== msg.seq || !sources.has(key(chosen.source, chosen.card)))) chosen = null;
  const fromChosen = chosen ? moves.filter((m) => m.source === chosen.source && m.card === chosen.card) : [];
  const targets = new Set(fromChosen.map((m) => m.target));
  const hint = ui.hinted ? parseMove(ui.hinted) : null;  // a search bot's suggestion, outlined
  const keyed = ui.keyed ? parseMove(ui.keyed) : null;  // the keyboard's move, outlined too

  function pick(source, sym, index) {
    if (!sources.has(key(source, sym))) {
      if (msg.legal.length) ui.tell(_("No legal move starts with that card now."), "refused");
      return;
    }
    const again = chosen && chosen.source === source && chosen.card === sym && chosen.index === index;
    chosen = again ? null : { source, card: sym, seq: msg.seq, index };
    ui.tell(chosen ? _("Now click where it goes (highlighted).") : "", "info");
    ui.redraw();
  }

  function drop(target) {
    if (!chosen) {
      if (msg.legal.length) ui.tell(_("Choose a card first: one of your hand, your goal top or a discard top."), "info");
      return;
    }
    const options = fromChosen.filter((m) => m.target === target);
    if (options.length === 1) {
      chosen = null;
      ui.act(options[0].token);
    } else if (options.length > 1) {
      ui.tell(_("Which?"), "info");
      ui.actions.replaceChildren(...options.map((m) =>
        h("button", { class: "action choice", dataset: { token: m.token }, onclick: () => { chosen = null; ui.act(m.token); } }, describe(m))),
      h("button", { class: "action", onclick: () => { chosen = null; ui.redraw(); } }, _("cancel")));
    } else {
      ui.tell(_("That card cannot go there now."), "refused");
    }
  }

  /** A card that may start a move: clickable, raised when legal, outlined when chosen. A
   * discard top is also part of its pile, a target: with a card chosen that may go there, a
   * click on it drops the chosen card. */
  function source(node, source_, sym, index = 0, pile = null) {
    node.dataset.source = source_;
    node.dataset.symbol = sym;
    const legal = sources.has(key(source_, sym));
    node.classList.add(legal ? "legal" : "dim");
    // Cards of one rank in the hand are the same move (suits never matter): the one clicked shows.
    if (chosen && chosen.source === source_ && chosen.card === sym && chosen.index === index) node.classList.add("selected");
    if (hint && hint.source === source_ && hint.card === sym) node.classList.add("hinted");
    if (keyed && keyed.source === source_ && keyed.card === sym) node.classList.add("focus");
    node.setAttribute("tabindex", "0");
    node.addEventListener("click", (event) => {
      event.stopPropagation();  // the pile under it must not take the same click
      if (chosen && pile && targets.has(pile)) drop(pile);
      else pick(source_, sym, index);
    });
    return node;
  }

  function target(node, name) {
    node.dataset.target = name;
    node.classList.add("target");
    if (targets.has(name)) node.classList.add("legal");
    if (hint && hint.target === name) node.classList.add("hinted");
    if (keyed && keyed.target === name) node.classList.add("focus");
    node.addEventListener("click", () => drop(name));
    return node;
  }

  // ---------------------------------------------------------------- the centre
  const stacks = obs.stacks || [];
  const centre = h("div", { class: "sm-centre" });
  stacks.forEach((stack, i) => {
    const top = stack.length ? stack[stack.length - 1] : null;
    const slot = h("div", { class: "sm-stack" },
      top ? card(top, "small") : h("div", { class: "card-slot" }),
      h("small", {}, format(_("{n} · next {rank}"), { n: stack.length, rank: obs.stack_next ? obs.stack_next[i] : "" })));
    centre.append(target(slot, `stack${i + 1}`));
  });
  const canStart = !obs.max_stacks || stacks.length < obs.max_stacks || moves.some((m) => m.target === "stack");
  if (canStart) {
    centre.append(target(h("div", { class: "sm-stack new" }, h("div", { class: "card-slot" }, _("new")), h("small", {}, _("new stack"))), "stack"));
  }
  const piles = h("div", { class: "sm-piles" },
    h("span", { class: "badge", dataset: { key: "stock" } }, format(_("stock {n}"), { n: obs.stock })),
    h("span", { class: "badge", dataset: { key: "heap" } }, format(_("heap {n}"), { n: (obs.heap || []).length })),
    obs.recycled ? h("span", { class: "badge" }, format(_("recycled {n}"), { n: obs.recycled })) : null);

  // ---------------------------------------------------------------- the seats
  function seatPanel(seat) {
    const s = msg.seats[seat];
    const mine = seat === you;
    const status = s.status ? s.status : seatStatus(s);
    const goals = (obs.goals && obs.goals[seat]) || [];
    const goalBox = h("div", { class: "sm-goals" }, ...goals.map((g, i) => {
      const name = goals.length === 1 ? "goal" : `goal${i + 1}`;
      let node = g.top ? card(g.top, "small") : h("div", { class: "card-slot" });
      if (mine && g.top) node = source(node, name, symbolOf(g.top));
      return h("div", { class: "sm-goal", dataset: { pile: name } }, node, h("small", {}, format(_("goal {n}"), { n: g.count })));
    }));
    const discards = (obs.discards && obs.discards[seat]) || [];
    const discardBox = h("div", { class: "sm-discards" }, ...discards.map((pile, i) => {
      const name = `discard${i + 1}`;
      const fan = h("div", { class: "fan", dataset: { pile: name } });
      pile.forEach((c, j) => {
        let node = card(c, "small");
        if (mine && j === pile.length - 1) node = source(node, name, symbolOf(c), 0, name);
        fan.append(node);
      });
      if (!pile.length) fan.append(h("div", { class: "card-slot" }));
      return mine ? target(fan, name) : fan;
    }));
    const sizes = obs.hand_sizes || [];
    const scores = obs.scores || [];
    return h("div", {
      class: "seat sm-seat" + (msg.to_act === seat ? " to-act" : "") + (mine ? " you" : ""),
      style: `border-color:${SEAT_COLOURS[seat % 8]}`,
      dataset: { seat: String(seat) },
    },
    h("div", { class: "sm-who" },
      h("b", {}, seatNameNode(s, mine)), h("small", {}, ` ${status}`),
      h("span", { class: "stats" }, format(_("score {score} · {n} in hand"), { score: scores[seat] ?? 0, n: sizes[seat] ?? 0 }))),
    h("div", { class: "sm-row" }, goalBox, discardBox));
  }

  const order = [];
  const first = you === null ? 0 : you;
  for (let r = 1; r <= n; r++) order.push((first + r) % n);  // the others, then the viewer
  const others = order.slice(0, n - 1).map(seatPanel);
  const me = seatPanel(first);
  // The match target, a wild to cover and the moves of this turn are the family's facts and
  // the log's lines (table.js draws them), not repeated here.
  ui.board.replaceChildren(
    h("div", { class: "felt sm" }, ...others, h("div", { class: "sm-middle" }, centre, piles), me));

  // ---------------------------------------------------------------- the hand and buttons
  ui.hand.replaceChildren();
  if (you === null) {  // a spectator's hand is [] (the envelope): say why it is empty
    ui.hand.append(h("p", { class: "note" }, _("Watching: you see only what every player sees.")));
  } else if (Array.isArray(obs.hand)) {
    obs.hand.forEach((c, i) => ui.hand.append(source(card(c, "normal"), "hand", symbolOf(c), i)));
  }
  const buttons = msg.legal.filter((t) => !parseMove(t));  // pass, and any word the engine adds
  ui.actions.replaceChildren(...buttons.map((t) => h("button", { class: "action" + (t === ui.hinted ? " hinted" : "") + (t === ui.keyed ? " focus" : ""), dataset: { token: t }, onclick: () => ui.act(t) }, moveWords(t))));
  if (chosen) {
    ui.actions.append(h("span", { class: "note" }, format(_("Chosen: {card} from {pile}"), { card: chosen.card, pile: pileName(chosen.source) })),
      h("button", { class: "action", onclick: () => { chosen = null; ui.redraw(); } }, _("cancel")));
  }
}
