"""Worker processes that leave when the process that started them is gone.

A ``concurrent.futures`` worker waits for its next job for ever; when its parent is killed
outright (SIGKILL, a crash, the out-of-memory killer) nobody tells it to stop, and it lingers
holding memory. :func:`leave_with_parent`, called first in a worker, starts a thread that ends
the worker once its parent is no longer its parent (an orphan is re-parented, so its parent
id changes).
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["leave_with_parent"]


def leave_with_parent(parent: int, every: float = 1.0) -> None:
    """In a worker: end this process within ``every`` seconds of ``parent`` ending."""
    threading.Thread(target=_watch, args=(parent, every), daemon=True).start()


def _watch(parent: int, every: float) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)  # no clean-up to do: the work was the parent's, and it is gone
