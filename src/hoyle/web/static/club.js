// The club's part of every page: who is logged in, with links to log in, register, the
// player's profile, and a button to log out (accounts are optional; guests need none of it).

import { h } from "./dom.js";
import { _, format } from "./i18n.js";

/** Who this browser is logged in as: {name, admin, profile} or {name: null}. */
export async function whoAmI() {
  try {
    const reply = await fetch("/api/me");
    return reply.ok ? await reply.json() : { name: null };
  } catch (exc) {
    return { name: null };
  }
}

/** The header's account links in ``node`` (an element with id "account"); returns who it is. */
export async function drawAccount(node) {
  const me = await whoAmI();
  if (me.name) {
    const out = h("button", { type: "button", id: "logout", class: "link" }, _("Log out"));
    out.addEventListener("click", async () => {
      await fetch("/api/logout", { method: "POST" });
      location.assign("/");
    });
    node.replaceChildren(
      h("a", { href: me.profile, id: "me", title: _("your profile") }, me.name), " ", out);
  } else {
    node.replaceChildren(
      h("a", { href: "/login", id: "login-link" }, _("Log in")), " ",
      h("a", { href: "/register", id: "register-link" }, _("Register")));
  }
  node.dataset.ready = me.name ? "in" : "out";
  return me;
}

/** A date and time (seconds since 1970) in the page's language. */
export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang || "en");
}

/** "won", or "place 2 of 4". */
export function placeText(place, seats) {
  if (place === null || place === undefined) return _("no result");
  if (place === 1) return _("won");
  return format(_("place {place} of {seats}"), { place, seats });
}

/** A private link for the reader to send: the link in a field (``name``'s, for screen readers)
 * and a button that copies it. */
export function linkControls(name, link) {
  const field = h("input", { class: "link", readonly: "", value: link,
    "aria-label": format(_("{name}'s link"), { name }), onclick: (e) => e.target.select() });
  const button = h("button", { type: "button", class: "copy" }, _("Copy"));
  button.addEventListener("click", () => copyLink(link, field, button));
  return [field, button];
}

/** Copy a private link (shown in ``field``) for the reader to send; ``button`` says it did. */
async function copyLink(text, field, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (exc) {
    field.select();
    document.execCommand("copy");  // a page not served over https has no clipboard API
  }
  button.textContent = _("Copied");
  setTimeout(() => { button.textContent = _("Copy"); }, 2000);
}
