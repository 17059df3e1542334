"""Synchronous calls of the async runtime, for the integrations whose callers may be synchronous
(LangChain's ``invoke``).

Every synchronous call runs on one event loop that lives in a background thread for the life of
the process, rather than on a fresh loop each time (``asyncio.run``): the client's connections
belong to the loop that opened them, and a loop that has closed leaves the next call with
connections it cannot use. A client is therefore best used either synchronously or from the
caller's own event loop, not both.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def _background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=loop.run_forever, name="toolgen-sync-calls", daemon=True
            )
            thread.start()
            _loop = loop
        return _loop


def run_sync(coroutine: Coroutine[object, object, T], what: str) -> T:
    """Waits for ``coroutine`` on the background loop and answers its result (or raises its
    error). Refused inside a running event loop, which waiting would block: ``what`` names the
    call in the message, which says to await the async form instead."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        coroutine.close()
        raise RuntimeError(
            f"{what}: a synchronous call cannot wait inside a running event loop;"
            " await the async form (ainvoke) instead"
        )
    future = asyncio.run_coroutine_threadsafe(coroutine, _background_loop())
    try:
        return future.result()
    except BaseException:
        # Interrupted while waiting (Ctrl-C): the call is cancelled rather than left running.
        future.cancel()
        raise
