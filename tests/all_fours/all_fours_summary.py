"""A hand's result (``observation()["results"][k]``) read back as a summary the scenario tests
compare: who took High, Low, Jack and Game, the card points, a set-back, a smudge, the
all-four bonus and the points in the order they counted, from the result's items."""

from __future__ import annotations

from typing import Any

SCORING = ("set_back", "high", "low", "jack", "game", "all_four")


def summary(result: dict[str, Any], sides: list[list[int]]) -> dict[str, Any]:
    """``result``'s items as one dict: ``high`` and ``low`` ``{"card", "side"}``, ``jack``
    ``{"card", "side", "points"}`` (``None`` when not in play), ``card_points`` by side,
    ``game`` (a side or ``None``), ``set_back`` ``{"side", "bid"}``, ``smudge``, ``all_four``,
    ``points`` (``[side, points]`` in the order they counted), ``thrown_in`` (the reason) and
    ``hand`` (the deal number)."""
    items = result["items"]
    out: dict[str, Any] = {
        "hand": result["deal"],
        "high": None,
        "low": None,
        "jack": None,
        "card_points": None,
        "game": None,
        "set_back": None,
        "smudge": None,
        "all_four": None,
        "points": [],
    }
    scored: list[tuple[int, int, int]] = []
    for item in items:
        kind = item["kind"]
        if kind in ("high", "low") and item["card"] is not None:
            out[kind] = {"card": item["card"], "side": item["side"]}
        elif kind == "jack" and item["in_play"]:
            out["jack"] = {"card": item["card"], "side": item["side"], "points": item["points"]}
        elif kind == "game":
            out["card_points"] = [item["card_points"][seats[0]] for seats in sides]
            out["game"] = item["side"]
        elif kind == "set_back":
            out["set_back"] = {"side": item["side"], "bid": item["bid"]}
        elif kind == "smudge":
            out["smudge"] = item["side"]
        elif kind == "all_four":
            out["all_four"] = item["side"]
        elif kind == "thrown_in":
            out["thrown_in"] = item["reason"]
        if kind in SCORING and item.get("order") is not None:
            scored.append((item["order"], item["side"], item["points"]))
    out["points"] = [[side, points] for _, side, points in sorted(scored)]
    return out
