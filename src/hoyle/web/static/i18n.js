// The page's language: its texts from the room's gettext catalogue (hoyle.web.pages puts the
// messages these scripts say into the page, translated, as <script id="hoyle-i18n">), and the
// English / Español switch in the header.
//
// Every text a script shows is a whole sentence given to _, to ngettext (singular, plural, n) or
// to N_ (marked only, translated later by _ where it is shown), as a string literal in double
// quotes so that the catalogue finds it; values go in {named} places filled by format after
// translation (a template literal cannot be extracted). The name _ is kept for translation alone.

const data = JSON.parse((document.getElementById("hoyle-i18n") || {}).textContent || "{}");
const messages = data.messages || {};

/** The language of the page ("en", "es"), as the room chose it. */
export const LANG = document.documentElement.lang || "en";

const plural = new Intl.PluralRules(LANG);

/** ``message`` in the page's language (the English itself when it has no translation). */
export function _(message) {
  const said = messages[message];
  return typeof said === "string" && said ? said : message;
}

/** ``singular`` or ``plural`` as ``n`` asks, in the page's language. */
export function ngettext(singular, pluralText, n) {
  const forms = messages[singular];
  const one = plural.select(n) === "one";
  if (Array.isArray(forms) && forms.length === 2) return forms[one ? 0 : 1];
  return n === 1 ? singular : pluralText;
}

/** Mark ``message`` for the catalogue without translating it now (tables of words). */
export function N_(message) {
  return message;
}

/** ``text`` with its {named} places filled from ``values`` (a translated message's). */
export function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (place, name) => (name in values ? String(values[name]) : place));
}

/** Like ``format``, but as a list of texts and the values themselves (elements stay elements):
 * for a sentence with an element in it, given to h as its children. */
export function formatNodes(text, values) {
  const parts = text.split(/\{(\w+)\}/);
  return parts.map((part, i) => (i % 2 === 0 ? part : part in values ? values[part] : `{${part}}`)).filter((p) => p !== "");
}

/** The switch between the languages: a link to the same page in the other language (the room
 * sets its cookie), keeping where the player is (the address's #… holds a seat's key, a
 * replay's position). */
function setUpSwitch() {
  // The ?lang= that chose this language has done its work (the cookie keeps it): it leaves the
  // address, so that a link copied from here opens in its reader's own language.
  const here = new URL(location.href);
  if (here.searchParams.has("lang")) {
    here.searchParams.delete("lang");
    history.replaceState(history.state, "", here);
  }
  for (const link of document.querySelectorAll("a[data-lang]")) {
    if (link.dataset.lang === LANG) link.setAttribute("aria-current", "true");
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const to = new URL(location.href);
      to.searchParams.set("lang", link.dataset.lang);
      location.assign(to);
    });
  }
}

setUpSwitch();
