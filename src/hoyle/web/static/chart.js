// The score history as a small SVG line chart, one line per seat.

import { _, format } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#d94f3d", "#2f7ed8", "#3a9d5d", "#b26bd6", "#e0a030", "#3cb7c4", "#8a6d3b", "#666"];

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A chart of rows of scores (one row per deal end), or null when there is nothing to draw. */
export function scoreChart(history, names) {
  if (!history || history.length < 2) return null;
  const w = 300, h = 140, pad = 26;
  const flat = history.flat();
  const lo = Math.min(0, ...flat), hi = Math.max(1, ...flat);
  const x = (i) => pad + (i * (w - pad - 8)) / (history.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - pad - 8)) / (hi - lo);
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "chart", role: "img" });
  svg.setAttribute("aria-label", _("score after each deal"));
  svg.append(el("line", { x1: pad, y1: y(lo), x2: w - 4, y2: y(lo), class: "axis" }));
  svg.append(el("line", { x1: pad, y1: 4, x2: pad, y2: h - pad, class: "axis" }));
  svg.append(el("text", { x: pad - 4, y: y(hi) + 4, "text-anchor": "end", class: "tick" }, String(hi)));
  svg.append(el("text", { x: pad - 4, y: y(lo) + 4, "text-anchor": "end", class: "tick" }, String(lo)));
  svg.append(el("text", { x: w - 6, y: h - 6, "text-anchor": "end", class: "tick" }, format(_("deal {n}"), { n: history.length - 1 })));
  const seats = history[0].length;
  for (let s = 0; s < seats; s++) {
    const points = history.map((row, i) => `${x(i).toFixed(1)},${y(row[s]).toFixed(1)}`).join(" ");
    const line = el("polyline", { points, fill: "none", stroke: SEAT_COLOURS[s % 8], "stroke-width": 2 });
    line.append(el("title", {}, names[s] || format(_("Seat {n}"), { n: s })));
    svg.append(line);
  }
  return svg;
}
