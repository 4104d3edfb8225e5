// The lobby: create a table (game, variant, players, options, who sits where), list live tables
// to watch and finished games with their records.
//
// The form never sends a request the server would refuse: the Players box offers only the
// table sizes the chosen variant (with the options typed) allows, and the options are checked
// by the server (/api/check) as they are typed, the engine's reason shown under the field and
// Create disabled until they read. The error bar under Create appears only with an error.

import { drawAccount } from "./club.js";
import { h } from "./dom.js";
import { allowedLevels, chosenGame, chosenVariant, defaultBot, drawPlayers, drawVariants, namesPlayers } from "./gamechoice.js";
import { _, format } from "./i18n.js";
import { uploadRecord } from "./upload.js";
import { levelName } from "./words.js";

const $ = (id) => document.getElementById(id);
let games = [];
let checking = 0;      // the number of the latest check sent
let verdict = null;    // the latest check's answer: {ok: true, ...} or {ok: false, reason}
let typing = null;     // the timer that checks the options once typing stops
let room = null;       // GET /api/room: the limits of this room (shown under the form)

const current = () => chosenGame(games);
const variant = () => chosenVariant(current());
const levels = () => allowedLevels(current(), verdict, room);

function drawSeats() {
  const n = Number($("players").value) || variant().default_players;
  const box = $("seats");
  const wanted = `${n}:${levels().join(",")}`;
  if (box.dataset.drawn === wanted) return;  // the same rows: keep what was chosen
  box.dataset.drawn = wanted;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(h("legend", {}, _("Seats")));
  for (let i = 0; i < n; i++) {
    const sel = h("select", { id: `seat-${i}`, dataset: { seat: String(i) } });
    if (i === 0) sel.append(h("option", { value: "you" }, _("you")));
    else {
      sel.append(h("option", { value: "friend" }, _("a friend (invite link)")));
      for (const level of levels()) sel.append(h("option", { value: `bot:${level}` }, format(_("bot: {level}"), { level: levelName(level) })));
      const keep = old[i] && [...sel.options].some((o) => o.value === old[i]);
      sel.value = keep ? old[i] : defaultBot(levels());
    }
    box.append(h("label", {}, format(_("Seat {n}"), { n: i + 1 }), " ", sel));
  }
}

function drawFamily() {
  drawVariants(current());
  drawVariant();
}

function drawVariant() {
  const v = variant();
  $("players").replaceChildren();  // the variant's own size, not the last variant's
  drawPlayers(v.players, v.default_players);
  verdict = null;
  drawSummary();
  drawSeats();
  check();
}

function drawSummary() {
  const game = current();
  $("variant-summary").textContent = variant().summary || "";
  $("option-list").replaceChildren(h("summary", {}, format(_("{game} options"), { game: game.title })),
    h("dl", { class: "details" }, ...game.options.flatMap((o) => [
      h("dt", { translate: "no" }, o.name),
      h("dd", {}, format(_("{doc} ({allowed}; default {default})"), { doc: o.doc, allowed: o.allowed, default: o.default })),
    ])));
}

function showFieldError(reason) {
  const p = $("options-error");
  p.textContent = reason || "";
  p.hidden = !reason;
  $("options").setAttribute("aria-invalid", reason ? "true" : "false");
}

function showCreateError(reason) {
  let bar = $("create-error");
  if (!reason) {
    if (bar) bar.remove();
    return;
  }
  if (!bar) {
    bar = h("p", { id: "create-error", class: "message refused", role: "alert" });
    $("create").after(bar);
  }
  bar.textContent = reason;
}

function request() {
  return { game: current().name, variant: variant().name, options: $("options").value.trim() };
}

/** Ask the server what the form would create; draw its answer. Resolves to the verdict. */
async function check() {
  clearTimeout(typing);
  const mine = ++checking;
  $("create").disabled = true;
  showCreateError("");  // an error said of the form before is no longer about this one
  let answer;
  try {
    const reply = await fetch("/api/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request()),
    });
    const body = await reply.json();
    answer = reply.ok ? body : { ok: false, reason: body.detail || _("these options do not load") };
  } catch (exc) {
    answer = { ok: false, reason: _("the server does not answer; try again") };
  }
  if (mine !== checking) return verdict;  // a later check is on its way
  verdict = answer;
  if (answer.ok) {
    // Players written in the options decide the size; else the box keeps its choice.
    if (namesPlayers($("options").value)) $("players").value = "";
    drawPlayers(answer.players, answer.chosen);
    showFieldError("");
  } else showFieldError(answer.reason);
  drawSeats();
  $("create").disabled = !answer.ok;
  return answer;
}

async function create(event) {
  event.preventDefault();
  showCreateError("");
  const checked = await check();  // what the options say now, not before the last key
  if (!checked.ok) return;
  const name = $("name").value.trim();
  if (name) localStorage.setItem("hoyle:name", name);
  const seats = [...$("seats").querySelectorAll("select")].map((sel) => {
    if (sel.value === "you") return { kind: "human", name: name || _("You") };
    if (sel.value === "friend") return { kind: "human", name: format(_("Friend {n}"), { n: Number(sel.dataset.seat) + 1 }) };
    return { kind: "bot", level: sel.value.slice(4) };
  });
  $("create").disabled = true;
  let reply, body;
  try {
    reply = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...request(), players: Number($("players").value), seats, rated: $("rated").checked }),
    });
    body = await reply.json();
  } catch (exc) {
    reply = null;
  }
  $("create").disabled = false;
  if (!reply || !reply.ok) {
    showCreateError((body && body.detail) || _("could not create the table; try again"));
    return;
  }
  const mine = body.seats[0];
  const invites = body.seats.filter((s) => s.key && s.seat !== 0).map((s) => ({ seat: s.seat, name: s.name, link: s.link }));
  localStorage.setItem(`hoyle:invites:${body.id}`, JSON.stringify(invites));
  localStorage.setItem(`hoyle:key:${body.id}`, mine.key);
  location.assign(`/t/${body.id}#key=${encodeURIComponent(mine.key)}`);
}

async function lists() {
  const live = await (await fetch("/api/tables")).json();
  $("live").replaceChildren(...(live.length ? live.map((t) => h("li", {},
    h("a", { href: `/t/${t.id}#watch`, title: t.game }, t.title), " · ", t.seats.map((s) => s.name).join(", "),
    t.rated === false ? " · " + _("unrated") : "")) : [h("li", { class: "note" }, _("none"))]));
  const done = await (await fetch("/api/history")).json();
  $("history").replaceChildren(...(done.length ? done.map((t) => h("li", {},
    h("a", { href: `/t/${t.id}#watch`, title: t.game }, t.title), ` · ${t.seats.join(", ")} · ${t.result} · `,
    h("a", { href: `/api/tables/${t.id}/record`, download: `${t.id}.hrec` }, _("record")), " · ",
    h("a", { class: "replay-link", href: `/replay/${t.id}`, title: _("step through the game") }, _("Replay")))) : [h("li", { class: "note" }, _("none yet"))]));
}

/** Replay a record file from this computer: the room checks it and opens the viewer. */
async function replayFile() {
  const file = $("replay-file").files[0];
  const error = $("replay-error");
  error.hidden = true;
  if (!file) return;
  const made = await uploadRecord(file);
  $("replay-file").value = "";
  if (made.ok) {
    location.assign(made.url);
    return;
  }
  error.textContent = format(_("{file}: {reason}"), { file: file.name, reason: made.reason });
  error.hidden = false;
}

async function start() {
  room = await (await fetch("/api/room")).json();
  $("room-limits").textContent = room.limits.text;
  games = await (await fetch("/api/games")).json();
  $("family").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  $("leaderboards").replaceChildren(...games.map((g) => h("li", { dataset: { family: g.name } },
    h("a", { href: `/leaderboard/${encodeURIComponent(g.name)}` }, g.title))));
  $("family").value = games[0].name;  // the room lists the families default first
  $("name").value = localStorage.getItem("hoyle:name") || "";
  const me = await drawAccount($("account"));
  if (me.name) {  // a logged-in player's seat is theirs, under their own name
    $("name").value = me.name;
    $("name").readOnly = true;
  }
  $("family").addEventListener("change", drawFamily);
  $("variant").addEventListener("change", drawVariant);
  $("players").addEventListener("change", drawSeats);
  $("options").addEventListener("input", () => {
    $("create").disabled = true;
    clearTimeout(typing);
    typing = setTimeout(check, 300);
  });
  $("new-table").addEventListener("submit", create);
  $("replay-file").addEventListener("change", replayFile);
  drawFamily();
  document.body.dataset.lobby = "ready";
  await lists();
  setInterval(lists, 5000);
}

start();
