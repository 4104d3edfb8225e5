"""Type stubs of the compiled Hearts encoder (``_fastenc.c``; see ``encode.py``)."""

from typing import Any

def layout(
    ints: tuple[int, ...], points_scale: float, hand_scale: float, stock_scale: float
) -> object: ...
def encode(
    layout: object,
    state: Any,
    player: int,
    out: Any,
    front: bytes,
    seats: bytes,
    per_seat: bytes,
    table: bytes,
    plan: bytes | None,
) -> bool: ...
