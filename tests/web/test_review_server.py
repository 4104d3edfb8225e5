"""The review API ("Review my game"): a background job per (table, seat, level) whose progress
is polled, its result kept in the database and served again at once, a cancel, the errors
(each saying what would be right), 409 for a table still in play, and uploads reviewed in
memory. The reviews search a few simulations a decision, so that the tests are quick."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from roomkit import QUICK_HEARTS, Server, server_thread

from hoyle.web.review import Reviews


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room whose reviews search 8 simulations a decision."""
    db: Path = tmp_path_factory.mktemp("review") / "room.sqlite3"
    with server_thread(db, hint_seconds=0.05) as server:
        server.app.state.reviews.simulations = 8
        yield server


def reviews(room: Server) -> Reviews:
    found: Reviews = room.app.state.reviews
    return found


def finish(room: Server) -> str:
    """A one-deal Hearts table of random bots played to the end; its id."""
    table = str(room.create(QUICK_HEARTS, ["random"] * 4)["id"])
    deadline = time.monotonic() + 30
    while room.http.get(f"/api/tables/{table}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


@pytest.fixture(scope="module")
def finished(room: Server) -> str:
    return finish(room)


def wait(room: Server, url: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Poll a review's status until it has ended; every status seen goes to ``seen``."""
    deadline = time.monotonic() + 60
    while True:
        reply = room.http.get(url)
        assert reply.status_code == 200, reply.text
        job: dict[str, Any] = reply.json()
        if seen is not None:
            seen.append(job)
        if job["state"] not in ("queued", "running"):
            return job
        assert time.monotonic() < deadline, "the review did not end"
        time.sleep(0.05)


def test_a_review_runs_reports_progress_and_is_kept(room: Server, finished: str) -> None:
    url = f"/api/tables/{finished}/reviews/1?level=medium"
    assert room.http.get(url).json()["state"] == "none"
    started = room.http.post(f"/api/tables/{finished}/reviews", json={"seat": 1, "level": "medium"})
    assert started.status_code == 202, started.text
    job = started.json()
    assert job["state"] in ("queued", "running") and job["url"] == url
    # The same request while it runs gets the same job, not a second one.
    again = room.http.post(f"/api/tables/{finished}/reviews", json={"seat": 1, "level": "medium"})
    assert again.status_code in (200, 202) and again.json()["url"] == url
    seen: list[dict[str, Any]] = []
    done = wait(room, url, seen)
    assert done["state"] == "done", done
    review = done["review"]
    assert review["seat"] == 1 and review["level"] == "medium"
    decisions = review["decisions"]
    assert decisions and done["done"] == done["total"] == len(decisions)
    running = [s for s in seen if s["state"] == "running" and s["total"]]
    assert all(s["total"] == len(decisions) and 0 <= s["done"] <= s["total"] for s in running)
    # Every decision is at a position the viewer stops at, before the seat's move.
    outline = room.http.get(f"/api/tables/{finished}/replay").json()
    stops = {s["index"] for s in outline["steps"]}
    assert all(d["index"] in stops for d in decisions)
    assert review["total"] == pytest.approx(sum(d["cost"] for d in decisions), abs=1e-3)
    assert set(review["costliest"]) <= {d["index"] for d in decisions if d["mistake"]}
    # Each decision's position in words, in the reader's language (the store keeps none).
    assert all(re.fullmatch(r"deal 1, (trick \d+|passing)", d["where"]) for d in decisions)
    # Kept in the database: served from there with no job left, at once, and listed.
    kept = reviews(room).store.review(finished, 1, "medium")
    assert kept is not None
    assert {
        **kept,
        "decisions": [
            {**d, "where": w["where"]} for d, w in zip(kept["decisions"], decisions, strict=True)
        ],
    } == review
    assert not any(key[0] == f"table:{finished}" for key in reviews(room)._jobs)
    assert room.http.get(url).json() == {**done, "last": None}
    second = room.http.post(f"/api/tables/{finished}/reviews", json={"seat": 1, "level": "medium"})
    assert second.status_code == 200 and second.json()["review"] == review
    listed = room.http.get(f"/api/tables/{finished}/reviews").json()
    assert {"seat": 1, "level": "medium", "state": "done"} in listed


def test_a_running_review_is_cancelled(room: Server) -> None:
    table = finish(room)
    reviews(room).simulations = 5000  # slow enough to be caught running
    try:
        started = room.http.post(f"/api/tables/{table}/reviews", json={"seat": 2})
        assert started.status_code == 202
        job = started.json()
        assert job["level"] == "expert"  # the default
        cancelled = room.http.delete(job["url"])
        assert cancelled.status_code == 200, cancelled.text
        assert cancelled.json()["state"] in ("cancelled", "running")
        ended = wait(room, job["url"])
    finally:
        reviews(room).simulations = 8
    assert ended["state"] == "cancelled" and "cancelled" in ended["reason"]
    assert reviews(room).store.review(table, 2, "expert") is None
    again = room.http.delete(job["url"])
    assert again.status_code == 409 and "nothing to cancel" in again.json()["detail"]
    # A cancelled review can be started again.
    restarted = room.http.post(f"/api/tables/{table}/reviews", json={"seat": 2, "level": "hard"})
    assert restarted.status_code == 202
    assert wait(room, restarted.json()["url"])["state"] == "done"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"seat": 1, "level": "random"}, 400, "medium, hard, expert"),
        ({"seat": 1, "level": "grandmaster"}, 400, "medium, hard, expert"),
        ({"seat": 4}, 400, "seats 0 to 3"),
        ({"seat": -1}, 400, "seats 0 to 3"),
        ({"seat": True}, 400, "seats 0 to 3"),
        ({"seat": "two"}, 400, "seats 0 to 3"),
        ({"level": "expert"}, 400, '{"seat": N'),
        ([1, 2], 400, '{"seat": N'),
    ],
)
def test_bad_requests_say_what_would_be_right(
    room: Server, finished: str, body: Any, status: int, words: str
) -> None:
    reply = room.http.post(f"/api/tables/{finished}/reviews", json=body)
    assert reply.status_code == status, reply.text
    assert words in reply.json()["detail"]


def test_other_errors(room: Server, finished: str) -> None:
    text = room.http.post(
        f"/api/tables/{finished}/reviews",
        content=b'{"seat": 1}',
        headers={"content-type": "text/plain"},
    )
    assert text.status_code == 415 and "application/json" in text.json()["detail"]
    assert room.http.post("/api/tables/nope/reviews", json={"seat": 0}).status_code == 404
    assert room.http.get("/api/tables/nope/reviews/0").status_code == 404
    bad = room.http.get(f"/api/tables/{finished}/reviews/0?level=easy")
    assert bad.status_code == 400 and "medium, hard, expert" in bad.json()["detail"]
    assert room.http.get(f"/api/tables/{finished}/reviews/9").status_code == 400
    assert room.http.get("/api/replays/nope/reviews").status_code == 404


def test_a_table_in_play_is_not_reviewed(room: Server) -> None:
    table = room.create(QUICK_HEARTS, ["human", "random", "random", "random"])["id"]
    base = f"/api/tables/{table}/reviews"
    replies = [
        room.http.post(base, json={"seat": 0}),
        room.http.get(base),
        room.http.get(f"{base}/0"),
        room.http.delete(f"{base}/0"),
    ]
    for reply in replies:
        assert reply.status_code == 409, reply.text
        assert "not over" in reply.json()["detail"]


def test_an_upload_is_reviewed_in_memory(room: Server, finished: str) -> None:
    record = room.http.get(f"/api/tables/{finished}/record").text
    made = room.http.post("/api/replays", json={"record": record}).json()
    started = room.http.post(
        f"/api/replays/{made['id']}/reviews", json={"seat": 3, "level": "medium"}
    )
    assert started.status_code == 202, started.text
    done = wait(room, started.json()["url"])
    assert done["state"] == "done" and done["review"]["seat"] == 3
    assert room.http.get(f"/api/replays/{made['id']}/reviews").json() == [
        {"seat": 3, "level": "medium", "state": "done"}
    ]
    assert room.http.get(started.json()["url"]).json()["review"] == done["review"]
