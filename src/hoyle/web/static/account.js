// The account page (/login, /register): log in, or register a new player; either sets the
// session cookie and goes back to the lobby.

import { drawAccount } from "./club.js";
import { _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Post the form's name and password to ``url``; on success go to the lobby. */
async function send(event, url, prefix) {
  event.preventDefault();
  const error = $(`${prefix}-error`);
  error.hidden = true;
  let reply, body;
  try {
    reply = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: $(`${prefix}-name`).value, password: $(`${prefix}-password`).value }),
    });
    body = await reply.json();
  } catch (exc) {
    reply = null;
  }
  if (reply && reply.ok) {
    localStorage.setItem("hoyle:name", body.name);
    location.assign("/");
    return;
  }
  error.textContent = (body && body.detail) || _("the room did not answer; try again");
  error.hidden = false;
}

$("login-form").addEventListener("submit", (e) => send(e, "/api/login", "login"));
$("register-form").addEventListener("submit", (e) => send(e, "/api/register", "register"));
if (location.pathname === "/register") $("register-name").focus();
else $("login-name").focus();
drawAccount($("account")).then(() => { document.body.dataset.ready = "yes"; });
