// A duplicate event's page (/events/<id>): its progress table by table, the standings over the
// boards every table has played, each such board's scores with the replays of its games, and
// their records to download (a zip). It asks again every two seconds while the event runs.
//
// Opened from a participant's private link (#key=…), it also shows that participant's own
// panel: who and where they are, and a link to their next game. The key stays in the address's
// fragment (never sent with a page request) and goes only to POST /api/events/<id>/place.

import { drawAccount, linkControls, when } from "./club.js";
import { h } from "./dom.js";
import { ROTATION, SCORING, SCORING_NOTE, STATUS, plain, points, signed, words } from "./eventwords.js";
import { _, format, formatNodes, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;
const eventId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const api = `/api/events/${encodeURIComponent(eventId)}`;
const key = new URLSearchParams(location.hash.slice(1)).get("key");

let mine = null;       // the participant the page's key holds a place for (its name)
let keyRefused = false; // the room said the key holds no place here: ask no more
let drawnBoards = null; // the complete boards drawn below, redrawn only when a board completes

/** The mean board score with the half-width of its 95% interval (none with one board). */
function meanText(mean, scoring) {
  const ci = mean.ci95;
  const half = Array.isArray(ci) ? (ci[1] - ci[0]) / 2 : typeof ci === "number" ? ci : null;
  const text = points(mean.mean, scoring);
  if (half === null) return text;
  // A narrow column may break the line before the ±, never between it and its number.
  return format(_("{mean} ± {half}"), { mean: text, half: plain.format(half) }).replace("± ", "±\u00a0");
}

function drawHead(ev, labels) {
  $("event-title").textContent = ev.name || ev.title;
  document.title = $("event-title").textContent;
  $("event-about").textContent = [
    ev.name ? ev.title : null,
    format(_("scored by {scoring}"), { scoring: words(SCORING, ev.scoring) }),
    ev.rotation ? words(ROTATION, ev.rotation) : null,
    ev.organiser ? format(_("organised by {name}"), { name: ev.organiser }) : null,
    ev.created ? when(ev.created) : null,
  ].filter((part) => part).join(" · ");
  const played = ev.tables.reduce((sum, t) => sum + t.played, 0);
  const total = ev.boards * ev.tables.length;
  $("event-progress").replaceChildren(
    h("span", { class: `status ${ev.status}` }, words(STATUS, ev.status)), " · ",
    format(_("{played} of {total} games played"), { played, total }));
  $("tables").replaceChildren(...ev.tables.map((t) => h("li", { dataset: { table: String(t.table) } },
    h("strong", {}, format(_("Table {n}"), { n: t.table + 1 })), " · ",
    t.playing ? format(_("playing board {board} of {boards}"), { board: t.playing.board + 1, boards: ev.boards })
      : t.played >= ev.boards ? _("every board played")
        : format(_("boards played: {played} of {n}"), { played: t.played, n: ev.boards }),
    h("br"),
    h("small", { class: "table-lineup" }, ...t.lineup.flatMap((name, i) => [
      i ? ", " : null,
      h("span", name === mine ? { class: "you" } : {}, labels.get(name) || name)]).filter((x) => x !== null)))));
}

function drawStandings(ev, labels) {
  const count = ev.complete.length;
  $("standings-note").textContent = count
    ? [format(ngettext("Scored over {n} board played at every table.", "Scored over the {n} boards played at every table.", count), { n: count }),
       words(SCORING_NOTE, ev.scoring)].join(" ")
    : _("No board has been played at every table yet: the standings start with the first.");
  const rows = (ev.score && ev.score.table) || [];
  $("standings").hidden = count === 0;  // every line would say 0: nothing is compared yet
  $("standings").tBodies[0].replaceChildren(...rows.map((s) => h("tr", {
    dataset: { name: s.participant }, class: [s.bot ? "bot" : "", s.participant === mine ? "you" : ""].join(" ").trim() },
  h("td", {}, String(s.place)),
  h("td", {}, labels.get(s.participant) || s.participant),
  h("td", {}, String(s.boards)),
  h("td", { class: "num" }, points(s.total, ev.scoring)),
  h("td", { class: "num mean" }, meanText(s.mean, ev.scoring)))));
  const link = $("records-link");
  link.href = `${api}/records.zip`;  // a zip of one record per game; the room names the file
  link.setAttribute("download", "");
  $("records").hidden = count === 0;
}

/** Each complete board: every participant's score on it, and the replay of each table's game.
 * Drawn again only when another board completes, so that what the reader opened stays open. */
function drawBoards(ev, labels) {
  const bots = new Set(ev.participants.filter((p) => p.bot).map((p) => p.name));
  const drawn = ev.complete.join(",");
  if (drawn === drawnBoards) return;
  drawnBoards = drawn;
  const scores = (ev.score && ev.score.boards) || [];
  const games = ev.games || [];
  const last = ev.complete[ev.complete.length - 1];
  $("boards").replaceChildren(...(ev.complete.length ? ev.complete.map((board) => {
    const open = board === last ? { open: "" } : {};
    return h("details", { class: "event-board", dataset: { board: String(board) }, ...open },
      h("summary", {}, format(_("Board {n}"), { n: board + 1 })),
      h("div", { class: "scroll-x" }, h("table", { class: "kinds board-scores" },
        h("thead", {}, h("tr", {}, ...[_("Seat"), _("Table"), _("Participant"), _("Result"), _("Score")].map((t) => h("th", {}, t)))),
        h("tbody", {}, ...scores.filter((s) => s.board === board).map((s) => h("tr", {
          dataset: { name: s.participant },
          class: [bots.has(s.participant) ? "bot" : "", s.participant === mine ? "you" : ""].join(" ").trim() },
        h("td", {}, String(s.seat + 1)),
        h("td", {}, String(s.table + 1)),
        h("td", {}, labels.get(s.participant) || s.participant),
        h("td", { class: "num" }, signed.format(s.result)),
        h("td", { class: "num" }, points(s.score, ev.scoring))))))),
      h("ul", { class: "replays" }, ...games.filter((g) => g.board === board).map((g) => h("li", {},
        h("a", { class: "replay-link", href: g.replay || `/replay/${g.table_id}`, title: _("step through the game") },
          format(_("Replay of table {n}"), { n: g.table + 1 }))))));
  }) : [h("p", { class: "note" }, _("None yet: a board shows here once every table has played it."))]));
}

/** The participant's own panel, from their key: where they play and their next game. */
async function drawPlace() {
  let reply, place;
  try {
    reply = await fetch(`${api}/place`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key }),
    });
    place = await reply.json();
  } catch (exc) {
    return;  // the next poll asks again
  }
  const panel = $("my-place");
  if (!reply.ok) {
    showError((place && place.detail) || _("this link holds no place in the event"));
    panel.hidden = true;
    keyRefused = reply.status === 404;
    return;
  }
  mine = place.participant;
  const next = place.next;
  panel.replaceChildren(
    h("p", { class: "who" }, format(_("You are {name}, table {table}"), { name: place.label || place.participant, table: place.table + 1 })),
    next ? h("p", { class: "next" }, ...formatNodes(_("Your next game: board {board} — {play}"), {
      board: next.board + 1,
      play: h("a", { id: "play", class: "button primary", href: next.link }, _("Play")),
    }))
      : h("p", { class: "next done" }, place.finished || place.played >= place.boards
        ? _("You have played all your boards") : _("Your next game is not ready yet: this page shows it when it is.")),
    h("p", { class: "note" }, format(_("Boards played: {played} of {n}"), { played: place.played, n: place.boards })));
  panel.hidden = false;
}

function showError(reason) {
  $("event-error").textContent = reason || "";
  $("event-error").hidden = !reason;
}

/** For the organiser (or a club admin): each person of the event, and a new private link for
 * any of them on asking (the room keeps no link it could show again; the old one then holds
 * nothing). Drawn once: the polls do not touch it. */
function drawPeople(ev, me) {
  if (!me.name || !(me.admin || me.name === ev.organiser)) return;
  const people = ev.participants.filter((p) => !p.bot);
  if (!people.length) return;
  $("people-list").replaceChildren(...people.map((p) => {
    const out = h("span", { class: "copy-row" });
    const button = h("button", { type: "button", class: "renew" }, _("New link"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      let reply, body;
      try {
        reply = await fetch(`${api}/people/${encodeURIComponent(p.name)}/link`, {
          method: "POST", headers: { "content-type": "application/json" }, body: "{}",
        });
        body = await reply.json();
      } catch (exc) {
        reply = null;
      }
      button.disabled = false;
      if (!reply || !reply.ok) {
        out.replaceChildren(h("span", { class: "message refused", role: "alert" },
          (body && body.detail) || _("the server does not answer; try again")));
        return;
      }
      out.replaceChildren(...linkControls(p.name, body.link));
    });
    return h("li", { dataset: { name: p.name } },
      h("span", { class: "who" }, format(_("{name}, table {table}"), { name: p.name, table: p.table + 1 })),
      " ", button, out);
  }));
  $("people").hidden = false;
}

/** The event now (null when the room does not answer; "missing" when it has no such event). */
async function load() {
  try {
    const reply = await fetch(api);
    const ev = await reply.json();
    if (!reply.ok) {
      showError(ev.detail || _("no such event"));
      return "missing";
    }
    return ev;
  } catch (exc) {
    return null;
  }
}

const account = drawAccount($("account"));
let peopleDrawn = false;

async function poll() {
  const ev = await load();
  if (ev === "missing") {
    document.body.dataset.event = "missing";
    return;
  }
  if (ev) {
    if (key && !keyRefused) await drawPlace();  // first: the rows below mark the reader's own
    const labels = new Map(ev.participants.map((p) => [p.name, p.label || p.name]));
    drawHead(ev, labels);
    drawStandings(ev, labels);
    drawBoards(ev, labels);
    if (!peopleDrawn) {
      peopleDrawn = true;
      drawPeople(ev, await account);
    }
    document.body.dataset.status = ev.status;
    document.body.dataset.event = "ready";
  }
  if (!ev || ev.status === "running") setTimeout(poll, POLL_MS);
}

// Another participant's link opened in this tab changes only the fragment: start afresh.
window.addEventListener("hashchange", () => location.reload());
poll();
