// The game a form chooses, shared by the lobby (a table) and the events page (an event's
// boards): the family, its variant and the table size in the selects #family, #variant and
// #players, from GET /api/games, and the bot levels a seat may take. Each page keeps its own
// state (the games, the room's limits, /api/check's last verdict) and passes it in.

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);

/** The family chosen in #family, from GET /api/games's list. */
export function chosenGame(games) {
  return games.find((g) => g.name === $("family").value);
}

/** The variant of ``game`` chosen in #variant (its default when none is). */
export function chosenVariant(game) {
  return game.variants.find((v) => v.name === $("variant").value) || game.variants[0];
}

/** The bot levels a seat may take: the game's as the room last checked it, within what this
 * room allows (hoyle serve --bot-levels). */
export function allowedLevels(game, verdict, room) {
  const all = (verdict && verdict.ok && verdict.levels) || game.levels;
  const allowed = room && room.limits && room.limits.levels;
  return allowed ? all.filter((level) => allowed.includes(level)) : all;
}

/** The bot a new seat gets: ``easy`` where the room seats it, else the first level allowed. */
export function defaultBot(levels) {
  return levels.includes("easy") ? "bot:easy" : `bot:${levels[0]}`;
}

/** #variant filled with ``game``'s variants, the family's default chosen. */
export function drawVariants(game) {
  $("variant").replaceChildren(...game.variants.map((v) => h("option", { value: v.name }, v.title)));
  $("variant").value = game.variants[0].name;  // the room lists the default first
}

/** #players: the table sizes allowed, the one chosen kept when it still is. */
export function drawPlayers(sizes, fallback) {
  const box = $("players");
  const before = Number(box.value);
  box.replaceChildren(...sizes.map((n) => h("option", { value: String(n) }, String(n))));
  box.value = String(sizes.includes(before) ? before : fallback);
  box.disabled = sizes.length < 2;
}

/** Whether typed options name the table size themselves (``players=3``): the room refuses a
 * size given twice, so the Players box then gives none. */
export function namesPlayers(options) {
  return /(^|[,(\s])players\s*=/.test(options);
}
