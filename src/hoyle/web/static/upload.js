// Sending a record file (.hrec) to the room to replay it: the lobby and the replay page share it.

import { _, format } from "./i18n.js";

/**
 * Upload ``file``'s text; resolves to {ok: true, url} (the viewer's address) or {ok: false,
 * reason} with the server's words ("the record does not replay: line 12: …").
 */
export async function uploadRecord(file) {
  let text;
  try {
    text = await file.text();
  } catch (exc) {
    return { ok: false, reason: _("the file could not be read") };
  }
  try {
    const reply = await fetch("/api/replays", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ record: text }),
    });
    const body = await reply.json().catch(() => ({}));
    if (reply.ok) return { ok: true, url: body.url };
    return { ok: false, reason: body.detail || format(_("the room refused the file ({status})"), { status: reply.status }) };
  } catch (exc) {
    return { ok: false, reason: _("the server does not answer; try again") };
  }
}
