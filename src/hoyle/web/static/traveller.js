// A board of a duplicate event beside its replay: every table's game of the same cards, seat by
// seat — who held them, their result and their board score (the server's traveller, GET
// /api/tables/<id>/traveller, given only once every table has played the board). The reader
// compares the game replayed with the others and opens any of them.

import { h } from "./dom.js";
import { plain, points } from "./eventwords.js";
import { _, format } from "./i18n.js";

/** Fill ``box`` with the traveller of table ``tableId``'s board; leave it hidden for a table of
 * no event (or a board still hidden). */
export async function showTraveller(box, tableId) {
  let slip;
  try {
    const reply = await fetch(`/api/tables/${tableId}/traveller`);
    if (!reply.ok) return;
    slip = await reply.json();
  } catch (exc) {
    return;  // the replay stands without it
  }
  const seats = slip.games.length ? slip.games[0].seats.length : 0;
  const head = h("tr", {}, h("th", { scope: "col" }, _("Seat")),
    ...slip.games.map((g) => h("th", { scope: "col", class: g.table === slip.table ? "here" : "" },
      g.table === slip.table
        ? format(_("Table {n}"), { n: g.table + 1 })
        : h("a", { href: g.replay }, format(_("Table {n}"), { n: g.table + 1 })))));
  const rows = Array.from({ length: seats }, (_unused, s) => h("tr", {},
    h("th", { scope: "row" }, String(s + 1)),
    ...slip.games.map((g) => {
      const held = g.seats[s];
      return h("td", { class: g.table === slip.table ? "here" : "", dataset: { name: held.name } },
        h("span", { class: "who" }, held.label),
        h("span", { class: "num" }, format(_("{result} ({score})"),
          { result: plain.format(held.result), score: points(held.score, slip.scoring) })));
    })));
  box.replaceChildren(
    h("h2", {}, format(_("Board {n} at every table"), { n: slip.board + 1 })),
    h("p", { class: "note" }, ...[
      slip.name
        ? format(_("The same cards were dealt at every table of {event}; each cell is who held a seat's cards, the result and the board score."),
          { event: slip.name })
        : _("The same cards were dealt at every table of the event; each cell is who held a seat's cards, the result and the board score."),
      " ",
      h("a", { href: slip.url }, _("The event's results")),
    ]),
    h("div", { class: "traveller-scroll" }, h("table", { class: "traveller" }, h("thead", {}, head), h("tbody", {}, ...rows))));
  box.hidden = false;
}
