// The duplicate events page (/events): the room's events, newest first, and for a logged-in
// player the form that organises one (the game chosen as in the lobby, the boards, the scoring,
// and who sits at each place of each table). The private links the room answers with are
// shown once, here: the room keeps no copy it could show again.

import { drawAccount, linkControls, when } from "./club.js";
import { h } from "./dom.js";
import { allowedLevels, chosenGame, chosenVariant, defaultBot, drawPlayers, drawVariants, namesPlayers } from "./gamechoice.js";
import { ROTATION_NOTE, SCORING_NOTE, STATUS } from "./eventwords.js";
import { _, format, formatNodes, ngettext } from "./i18n.js";
import { levelName } from "./words.js";

const $ = (id) => document.getElementById(id);
const MIN_TABLES = 2;  // a duplicate event compares tables (the contract's 2..8)
const MAX_TABLES = 8;

let me = { name: null }; // who is logged in (GET /api/me): only a player may organise
let games = [];        // GET /api/games: the families, their variants and options
let room = null;       // GET /api/room: this room's limits (the bot levels it seats)
let verdict = null;    // the latest /api/check answer for the form's game
let checking = 0;      // the number of the latest check sent
let typing = null;     // the timer that checks the options once typing stops

const current = () => chosenGame(games);
const variant = () => chosenVariant(current());
/** The bot levels a place may take: the game's, within what this room allows (as the lobby). */
const levels = () => allowedLevels(current(), verdict, room);

/** Seats per table: the game's number of players as the room last checked it. */
function seats() {
  return Number($("players").value) || (verdict && verdict.ok && verdict.chosen) || variant().default_players;
}

function drawFamily() {
  drawVariants(current());
  drawVariant();
}

function drawVariant() {
  const v = variant();
  $("players").replaceChildren();  // the variant's own sizes, not the last variant's
  drawPlayers(v.players, v.default_players);
  $("variant-summary").textContent = v.summary || "";
  verdict = null;
  drawLineups();
  check();
}

/** One place's chooser: a person (with their name) or a bot of some level. ``old`` is what
 * the place held before the form was redrawn, kept when it is still offered. */
function place(table, seat, old) {
  const id = `place-${table}-${seat}`;
  const kind = h("select", { id, class: "place-kind", dataset: { table: String(table), seat: String(seat) } },
    h("option", { value: "human" }, _("Human")),
    ...levels().map((level) => h("option", { value: `bot:${level}` }, format(_("bot: {level}"), { level: levelName(level) }))));
  const fallback = defaultBot(levels());
  kind.value = old && [...kind.options].some((o) => o.value === old.kind) ? old.kind : fallback;
  const name = h("input", { id: `${id}-name`, class: "place-name", maxlength: "24", placeholder: _("Name"),
    "aria-label": format(_("Name at table {table}, seat {seat}"), { table: table + 1, seat: seat + 1 }) });
  name.value = old ? old.name : "";
  const human = () => {
    name.hidden = kind.value !== "human";
    name.required = !name.hidden;
  };
  kind.addEventListener("change", human);
  human();
  return h("div", { class: "place" }, h("label", { for: id }, format(_("Seat {n}"), { n: seat + 1 })), kind, name);
}

/** A fieldset per table, a chooser per seat; what was chosen is kept where the place remains. */
function drawLineups() {
  const box = $("lineups");
  const count = Number($("tables").value);
  const wanted = `${count}:${seats()}:${levels().join(",")}`;
  if (box.dataset.drawn === wanted) return;
  box.dataset.drawn = wanted;
  const old = new Map([...box.querySelectorAll("select.place-kind")].map((sel) => [
    `${sel.dataset.table}-${sel.dataset.seat}`, { kind: sel.value, name: $(`${sel.id}-name`).value }]));
  const fresh = old.size === 0;
  box.replaceChildren(...Array.from({ length: count }, (_unused, t) => h("fieldset", { class: "lineup", dataset: { table: String(t) } },
    h("legend", {}, format(_("Table {n}"), { n: t + 1 })),
    ...Array.from({ length: seats() }, (_unused2, s) => place(t, s, old.get(`${t}-${s}`))))));
  if (fresh && me.name) {  // the organiser is likely to play: their own place first
    $("place-0-0").value = "human";
    $("place-0-0").dispatchEvent(new Event("change"));
    $("place-0-0-name").value = me.name;
  }
}

function showOptionsError(reason) {
  $("options-error").textContent = reason || "";
  $("options-error").hidden = !reason;
  $("options").setAttribute("aria-invalid", reason ? "true" : "false");
}

function showError(reason) {
  $("organise-error").textContent = reason || "";
  $("organise-error").hidden = !reason;
}

/** The form's game as /api/check reads it; ``sized``: with the Players box's size too
 * (unless the options name one: the room refuses two), as the event will be played. While
 * the options are typed the size is left out, as in the lobby, so that options which change
 * the sizes allowed are read on their own. */
function request(sized) {
  const options = $("options").value.trim();
  const asked = { game: current().name, variant: variant().name, options };
  const players = Number($("players").value);
  if (sized && players && !namesPlayers(options)) asked.players = players;
  return asked;
}

/** What the form's game is, as the lobby asks it (POST /api/check): the game string, the
 * table sizes, the bot levels; or the engine's reason. Resolves to the verdict. */
async function check(sized = false) {
  clearTimeout(typing);
  const mine = ++checking;
  $("organise-button").disabled = true;
  let answer;
  try {
    const reply = await fetch("/api/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request(sized)),
    });
    const body = await reply.json();
    answer = reply.ok ? body : { ok: false, reason: body.detail || _("these options do not load") };
  } catch (exc) {
    answer = { ok: false, reason: _("the server does not answer; try again") };
  }
  if (mine !== checking) return verdict;  // a later check is on its way
  verdict = answer;
  if (answer.ok) {
    if (namesPlayers($("options").value)) $("players").value = "";
    drawPlayers(answer.players, answer.chosen);
    showOptionsError("");
  } else showOptionsError(answer.reason);
  drawLineups();
  $("organise-button").disabled = !answer.ok;
  return answer;
}

/** The tables as the contract lists them: a place per seat, a person by name or a bot. */
function lineups() {
  return [...$("lineups").querySelectorAll("fieldset.lineup")].map((set) =>
    [...set.querySelectorAll("select.place-kind")].map((sel) => sel.value === "human"
      ? { kind: "human", name: $(`${sel.id}-name`).value.trim() }
      : { kind: "bot", level: sel.value.slice(4) }));
}

async function organise(event) {
  event.preventDefault();
  showError("");
  const checked = await check(true);  // the game as it will be played, options and size
  if (!checked.ok) return;
  const body = {
    game: checked.game,  // the whole game string: family, variant, options and players
    boards: Number($("boards").value),
    scoring: $("scoring").value,
    rotation: $("rotation").value,
    tables: lineups(),
  };
  const name = $("event-name").value.trim();
  if (name) body.name = name;
  $("organise-button").disabled = true;
  let reply, made;
  try {
    reply = await fetch("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    made = await reply.json();
  } catch (exc) {
    reply = null;
  }
  $("organise-button").disabled = false;
  if (!reply || reply.status !== 201) {
    showError((made && typeof made.detail === "string" && made.detail) || _("could not organise the event; try again"));
    return;
  }
  showCreated(made);
  list();
}

/** The event just organised: each person's private link, once, and the way to its page. */
function showCreated(made) {
  $("new-event").hidden = true;
  const places = made.places || [];
  $("places").replaceChildren(...(places.length ? places.map((p) =>
    h("li", { dataset: { name: p.name } },
      h("span", { class: "who" }, format(_("{name}, table {table}"), { name: p.name, table: p.table + 1 })),
      h("span", { class: "copy-row" }, ...linkControls(p.name, p.link)))) : [h("li", { class: "note" }, _("Bots alone play this event: there is no link to send."))]));
  $("created").querySelector(".once").hidden = places.length === 0;
  $("event-link").href = made.url;
  $("created").hidden = false;
  $("created").scrollIntoView({ block: "start" });
}

/** The room's events, newest first. */
async function list() {
  let events = [];
  try {
    const reply = await fetch("/api/events");
    if (reply.ok) events = await reply.json();
  } catch (exc) {
    return;  // the next visit lists them
  }
  $("events").replaceChildren(...(events.length ? events.map((e) => h("li", { dataset: { id: e.id, status: e.status } },
    h("a", { href: `/events/${encodeURIComponent(e.id)}` }, e.name || e.title),
    " ", h("span", { class: `status ${e.status}` }, STATUS[e.status] ? _(STATUS[e.status]) : e.status),
    h("br"),
    h("small", { class: "note" }, [
      e.name ? e.title : null,
      format(ngettext("{n} table", "{n} tables", e.tables), { n: e.tables }),
      format(ngettext("{n} board", "{n} boards", e.boards), { n: e.boards }),
      format(_("{played} of {total} games played"), { played: e.played, total: e.total }),
      e.organiser ? format(_("organised by {name}"), { name: e.organiser }) : null,
      e.created ? when(e.created) : null,
    ].filter((part) => part).join(" · "))))
    : [h("li", { class: "note" }, _("No event yet."))]));
}

async function start() {
  me = await drawAccount($("account"));
  await list();
  if (!me.name) {
    $("organise-login").replaceChildren(...formatNodes(_("{login} or {register} to organise an event."), {
      login: h("a", { href: "/login" }, _("Log in")),
      register: h("a", { href: "/register" }, _("register")),
    }));
    $("organise-login").hidden = false;
  } else {
    [room, games] = await Promise.all([
      fetch("/api/room").then((r) => r.json()),
      fetch("/api/games").then((r) => r.json()),
    ]);
    $("family").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
    $("family").value = games[0].name;
    $("tables").replaceChildren(...Array.from({ length: MAX_TABLES - MIN_TABLES + 1 }, (_unused, i) =>
      h("option", { value: String(MIN_TABLES + i) }, String(MIN_TABLES + i))));
    $("family").addEventListener("change", drawFamily);
    $("variant").addEventListener("change", drawVariant);
    $("players").addEventListener("change", drawLineups);
    $("tables").addEventListener("change", drawLineups);
    const scoringNote = () => { $("scoring-note").textContent = _(SCORING_NOTE[$("scoring").value]); };
    $("scoring").addEventListener("change", scoringNote);
    scoringNote();
    const rotationNote = () => { $("rotation-note").textContent = _(ROTATION_NOTE[$("rotation").value]); };
    $("rotation").addEventListener("change", rotationNote);
    rotationNote();
    $("options").addEventListener("input", () => {
      $("organise-button").disabled = true;
      clearTimeout(typing);
      typing = setTimeout(check, 300);
    });
    $("new-event").addEventListener("submit", organise);
    drawFamily();
    $("new-event").hidden = false;
  }
  document.body.dataset.events = "ready";
  setInterval(list, 10000);
}

start();
