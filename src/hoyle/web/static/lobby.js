// The lobby: create a table (game, variant, options, who sits where), list live tables to
// watch and finished games with their records.

import { h } from "./render.js";

const $ = (id) => document.getElementById(id);
let games = [];

function current() {
  return games.find((g) => g.name === $("family").value);
}

function drawSeats() {
  const game = current();
  const n = Number($("players").value) || game.players;
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    const sel = h("select", { id: `seat-${i}`, dataset: { seat: String(i) } });
    if (i === 0) sel.append(h("option", { value: "you" }, "you"));
    else {
      sel.append(h("option", { value: "friend" }, "a friend (invite link)"));
      for (const level of game.levels) sel.append(h("option", { value: `bot:${level}` }, `bot: ${level}`));
      sel.value = old[i] && old[i] !== "you" ? old[i] : "bot:easy";
    }
    box.append(h("label", {}, `Seat ${i + 1} `, sel));
  }
}

function drawVariants() {
  const game = current();
  $("variant").replaceChildren(...game.variants.map((v) => h("option", { value: v.name }, v.name)));
  $("players").value = game.players;
  drawSummary();
  drawSeats();
}

function drawSummary() {
  const game = current();
  const v = game.variants.find((x) => x.name === $("variant").value);
  $("variant-summary").textContent = v ? v.summary : "";
  $("option-list").replaceChildren(h("summary", {}, `${game.title} options`),
    h("dl", { class: "details" }, ...game.options.flatMap((o) => [
      h("dt", {}, o.name), h("dd", {}, `${o.doc} (${o.allowed}; default ${o.default})`),
    ])));
}

function parseOptions(text) {
  const out = {};
  for (const part of text.split(/[,;]\s*(?=[\w-]+=)/)) {
    if (!part.trim()) continue;
    const [k, ...rest] = part.split("=");
    out[k.trim()] = rest.join("=").trim();
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  const game = current();
  const name = $("name").value.trim();
  if (name) localStorage.setItem("hoyle:name", name);
  const options = parseOptions($("options").value);
  const players = Number($("players").value);
  if (players && players !== game.players) options.players = String(players);
  const seats = [...$("seats").querySelectorAll("select")].map((sel) => {
    if (sel.value === "you") return { kind: "human", name: name || "You" };
    if (sel.value === "friend") return { kind: "human", name: `Friend ${Number(sel.dataset.seat) + 1}` };
    return { kind: "bot", level: sel.value.slice(4) };
  });
  const reply = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: game.name, variant: $("variant").value, options, seats }),
  });
  const body = await reply.json();
  if (!reply.ok) {
    $("create-error").textContent = body.detail || "could not create the table";
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
    h("a", { href: `/t/${t.id}#watch` }, t.game), " · ", t.seats.map((s) => s.name).join(", "))) : [h("li", { class: "note" }, "none")]));
  const done = await (await fetch("/api/history")).json();
  $("history").replaceChildren(...(done.length ? done.map((t) => h("li", {},
    h("a", { href: `/t/${t.id}#watch` }, t.game), ` · ${t.seats.join(", ")} · ${t.result} · `,
    h("a", { href: `/api/tables/${t.id}/record` }, "record"))) : [h("li", { class: "note" }, "none yet")]));
}

async function start() {
  games = await (await fetch("/api/games")).json();
  $("family").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  $("family").value = games[0].name;  // the room lists the families default first
  $("name").value = localStorage.getItem("hoyle:name") || "";
  $("family").addEventListener("change", drawVariants);
  $("variant").addEventListener("change", drawSummary);
  $("players").addEventListener("change", drawSeats);
  $("new-table").addEventListener("submit", create);
  drawVariants();
  await lists();
  setInterval(lists, 5000);
}

start();
