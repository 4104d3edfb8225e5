// Playing cards drawn as SVG from their tokens ("QS", "TH", "XJ", "10C" for custom decks).

import { _ } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const CARD_RE = /^(?:[2-9TJQKA]|1[0-5]?)[CDHS]$|^XJ$/;

/** True when a string is a card token. */
export function isCard(text) {
  return typeof text === "string" && CARD_RE.test(text);
}

/** True when every item of a non-empty list is a card token. */
export function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isCard);
}

/** The rank and suit a player reads: "Q♠", "10♥", "Joker". */
export function cardLabel(token) {
  if (token === "XJ") return _("Joker");
  if (/^\d+$/.test(token)) return token;
  const suit = token.slice(-1);
  const rank = token.slice(0, -1);
  return (RANKS[rank] || rank) + SUITS[suit];
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG card face (or a back when token is null). */
export function cardSVG(token, { size = "normal" } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card card-${size}`, role: "img" });
  if (token === null || token === undefined) {
    svg.classList.add("back");
    svg.setAttribute("aria-label", _("a face-down card"));
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }));
    svg.append(el("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, class: "card-back-inner" }));
    return svg;
  }
  if (/^\d+$/.test(token)) {  // a numbered card (Starturn's 1…15): the number is the card
    svg.classList.add("black", "numbered");
    svg.dataset.token = token;
    svg.setAttribute("aria-label", token);
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-face" }));
    svg.append(el("text", { x: 5, y: 17, class: "corner" }, token));
    svg.append(el("text", { x: 30, y: 55, "text-anchor": "middle", class: "pip" }, token));
    return svg;
  }
  const suit = token.slice(-1);
  const red = suit === "D" || suit === "H";
  svg.classList.add(red ? "red" : "black");
  svg.dataset.token = token;
  svg.setAttribute("aria-label", cardLabel(token));
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-face" }));
  if (token === "XJ") {
    svg.append(el("text", { x: 30, y: 50, "text-anchor": "middle", class: "pip" }, "★"));
    svg.append(el("text", { x: 6, y: 16, class: "corner" }, "J"));
    return svg;
  }
  const rank = token.slice(0, -1);
  const shown = RANKS[rank] || rank;
  svg.append(el("text", { x: 5, y: 17, class: "corner" }, shown));
  svg.append(el("text", { x: 5, y: 31, class: "corner-suit" }, SUITS[suit]));
  svg.append(el("text", { x: 32, y: 60, "text-anchor": "middle", class: "pip" }, SUITS[suit]));
  const flip = el("text", { x: 55, y: 79, "text-anchor": "end", class: "corner" }, shown);
  svg.append(flip);
  return svg;
}
