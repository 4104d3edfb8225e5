// A family's leaderboard (/leaderboard/<family>): every rated player and bot level, best first,
// each player linked to their profile.

import { drawAccount } from "./club.js";
import { h } from "./dom.js";
import { _, format, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const family = decodeURIComponent(location.pathname.split("/").pop());

async function start() {
  await drawAccount($("account"));
  const reply = await fetch(`/api/leaderboard/${encodeURIComponent(family)}`);
  const board = await reply.json();
  if (!reply.ok) {
    $("board-error").textContent = board.detail;
    $("board-error").hidden = false;
    document.body.dataset.ready = "missing";
    return;
  }
  $("board-title").textContent = format(_("{game}: leaderboard"), { game: board.family_title });
  document.title = $("board-title").textContent;
  $("board-summary").textContent = format(
    ngettext("{n} rated game played here", "{n} rated games played here", board.games), { n: board.games });
  $("board").tBodies[0].replaceChildren(...board.standings.map((s) => h("tr", { dataset: { name: s.name }, class: s.bot ? "bot" : "" },
    h("td", {}, String(s.place)),
    h("td", {}, s.profile ? h("a", { href: s.profile }, s.label) : s.label),
    h("td", {}, String(s.rating)),
    h("td", {}, String(s.games)))));
  document.body.dataset.ready = "yes";
}

start();
