// Écarté and Bourré at the table: the notes under each seat (elder, the cards it took in the
// exchange, vulnerable, games won; for Bourré play or pass, cards drawn, chips owed) and the
// words of a French Écarté bet's button. The turn-up, trumps, the pot and the rest are the
// family's facts (`msg.facts`), drawn by render.js. Every note is read from the observation.

function seatName(msg, seat) {
  const s = msg.seats[seat];
  return s ? s.name : `seat ${seat}`;
}

/** True for a Bourré observation (the family's multi-player form, with a pot). */
export function isBourre(obs) {
  return "pot" in obs;
}

/** Short notes under a seat's name: what it took in the exchange, its declaration, its games. */
export function ecarteSeatNotes(msg, seat) {
  const obs = msg.observation;
  const notes = [];
  if (isBourre(obs)) {
    const said = Array.isArray(obs.declared) ? obs.declared[seat] : null;
    if (said) notes.push(said === "play" ? "plays" : said === "pass" ? "passes" : String(said));
    const drew = Array.isArray(obs.drawn) ? obs.drawn[seat] : 0;
    if (drew) notes.push(`drew ${drew}`);
    if (Array.isArray(obs.owed) && obs.owed[seat]) notes.push(`owes ${obs.owed[seat]}`);
    return notes;
  }
  const playing = !Array.isArray(obs.pair) || obs.pair.includes(seat);
  if (!playing) return ["waiting"];
  if (seat === obs.elder) notes.push("elder");
  const taken = Array.isArray(obs.cards_taken) ? obs.cards_taken[seat] : undefined;
  if (typeof taken === "number" && (obs.proposals || []).length) notes.push(`took ${taken}`);
  if (Array.isArray(obs.vulnerable) && obs.vulnerable[seat]) notes.push("vulnerable");
  if (Array.isArray(obs.games_won) && obs.games_won[seat]) notes.push(`games ${obs.games_won[seat]}`);
  return notes;
}

/** A button's words for a move token: `back 2` names the player backed (French Écarté). */
export function ecarteLabel(msg, token) {
  const m = /^back (\d+)$/.exec(token);
  return m ? `back ${seatName(msg, Number(m[1]))}` : token;
}
