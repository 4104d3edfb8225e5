"""``hoyle serve`` in a process of its own on loopback, for the benchmarks that load it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(database: str, flags: list[str]) -> Iterator[str]:
    """A room storing in ``database`` started with ``flags`` (bots play without delay); yields
    its base URL once it answers, and stops it at the end."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "hoyle", "serve", "--port", str(port)]
    cmd += ["--database", database, "--bot-delay", "0", *flags]
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(400):
            try:
                httpx.get(base + "/api/room", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
