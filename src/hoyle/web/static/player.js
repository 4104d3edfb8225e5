// A player's profile (/players/<name>): games by family and variant, places, recent records
// with their replays, a rating per family; to the player alone, their tables being played and
// their sessions.

import { drawAccount, placeText, when } from "./club.js";
import { h } from "./dom.js";
import { _, format, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split("/").pop());

function none(text) {
  return [h("li", { class: "note" }, text)];
}

/** How many browsers the player is logged in on, and a button to end every one of those
 * sessions at once (a phone lost, a computer shared): then this browser is a guest too. */
function everywhere(count) {
  const error = h("p", { id: "everywhere-error", class: "message refused", role: "alert", hidden: "" });
  const button = h("button", { type: "button", id: "logout-everywhere" }, _("Log out everywhere"));
  button.addEventListener("click", async () => {
    error.hidden = true;
    let reply = null;
    try {
      reply = await fetch("/api/logout/everywhere", { method: "POST" });
    } catch (exc) {
      reply = null;
    }
    if (reply && reply.ok) {
      location.assign("/");
      return;
    }
    const body = reply ? await reply.json().catch(() => ({})) : {};
    error.textContent = body.detail || _("the room did not answer; try again");
    error.hidden = false;
  });
  return h("div", { id: "everywhere" },
    h("p", { id: "browsers", class: "note" },
      format(ngettext("You are logged in on {n} browser.", "You are logged in on {n} browsers.", count), { n: count })),
    button, error);
}

async function start() {
  const me = await drawAccount($("account"));
  const reply = await fetch(`/api/players/${encodeURIComponent(name)}`);
  const profile = await reply.json();
  if (!reply.ok) {
    $("player-error").textContent = profile.detail;
    $("player-error").hidden = false;
    document.body.dataset.ready = "missing";
    return;
  }
  $("player-name").textContent = profile.name;
  document.title = profile.name;
  $("player-summary").textContent = format(
    ngettext("{n} game finished, {won} won", "{n} games finished, {won} won", profile.games),
    { n: profile.games, won: profile.won });
  $("kinds").tBodies[0].replaceChildren(...profile.kinds.map((k) => h("tr", { dataset: { family: k.family, variant: k.variant } },
    h("td", {}, k.family_title), h("td", {}, k.variant_title), h("td", {}, String(k.games)), h("td", {}, String(k.won)))));
  $("ratings").replaceChildren(...(profile.ratings.length ? profile.ratings.map((r) => h("li", { dataset: { family: r.family } },
    r.rating === null ? format(_("{game}: {rating}"), { game: r.family_title, rating: _("not rated yet") })
      : format(_("{game}: {rating}, place {place} of {of} players"), { game: r.family_title, rating: r.rating, place: r.place, of: r.of }),
    " · ", h("a", { class: "leaderboard-link", href: r.leaderboard }, _("leaderboard"))))
    : none(_("not rated yet"))));
  $("recent").replaceChildren(...(profile.recent.length ? profile.recent.map((g) => h("li", { dataset: { table: g.table } },
    h("span", { title: g.game }, g.title), ` · ${g.players.join(", ")} · ${placeText(g.place, g.players.length)} · ${when(g.finished)} · `,
    h("a", { href: g.record, download: `${g.table}.hrec` }, _("record")), " · ",
    h("a", { class: "replay-link", href: g.replay, title: _("step through the game") }, _("Replay"))))
    : none(_("none yet"))));
  if (me.name && me.name.toLowerCase() === profile.name.toLowerCase()) {
    const own = await (await fetch(`/api/players/${encodeURIComponent(name)}/private`)).json();
    $("playing").replaceChildren(...(own.playing.length ? own.playing.map((t) => h("li", {},
      h("a", { href: t.url }, t.title))) : none(_("none"))));
    $("sessions").replaceChildren(...own.sessions.map((s) => h("li", {},
      format(_("since {start}, until {end}"), { start: when(s.created), end: when(s.expires) }),
      s.current ? " · " + _("this browser") : "")));
    $("sessions").after(everywhere(own.sessions.length));
    $("private").hidden = false;
  }
  document.body.dataset.ready = "yes";
}

start();
