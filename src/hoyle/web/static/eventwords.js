// The words and numbers of duplicate events, shared by the events page (events.js), an event's
// page (event.js) and a board's traveller beside its replay (traveller.js): what each status,
// scoring and rotation is called and means (hoyle.club.events), and how scores are written.

import { LANG, N_, _ } from "./i18n.js";

/** An event's status as the reader reads it. */
export const STATUS = { running: N_("running"), finished: N_("finished") };

/** Each scoring's name. */
export const SCORING = { difference: N_("difference"), matchpoints: N_("matchpoints") };

/** What each scoring does. */
export const SCORING_NOTE = {
  difference: N_("A board score is the result minus the mean result of the others who held the same cards: the scores of each set of cards add up to 0."),
  matchpoints: N_("A board score is the share of the others who held the same cards that the result beat, a tie counting half: from 0 to 1."),
};

/** How the seats turned, in a few words. */
export const ROTATION = {
  full: N_("seats turned at every table differently"),
  boards: N_("seats turned at every table alike"),
  none: N_("seats kept"),
};

/** What each rotation does (hoyle.club.events.ROTATIONS), for the organiser choosing one. */
export const ROTATION_NOTE = {
  full: N_("Board by board each table turns its seats by a different number: on each board, the cards of a seat go to a different player's line at each table. With as many tables as seats, everyone's luck of the cards cancels best."),
  boards: N_("Board by board every table turns its seats alike: the cards of a seat go to the same line of players at every table, so each player is compared with those who started where they did."),
  none: N_("Everyone keeps their seat all the event: each player is compared with those who started where they did, always from the same seat."),
};

/** ``value``'s entry of a table of words above, translated (the value itself if unknown). */
export function words(table, value) {
  return table[value] ? _(table[value]) : String(value);
}

const twoPlaces = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A number with two decimals, as the reader's language writes it. */
export const plain = new Intl.NumberFormat(LANG, twoPlaces);

/** The same with its sign (none for 0): a difference. */
export const signed = new Intl.NumberFormat(LANG, { ...twoPlaces, signDisplay: "exceptZero" });

/** A board score or a total: signed differences; matchpoints are shares, never below 0. */
export function points(value, scoring) {
  return (scoring === "matchpoints" ? plain : signed).format(value);
}
