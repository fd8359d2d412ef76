"""Whether the team server is known to be away, so no call waits on it twice.

A connection attempt to a server that does not answer (a host off the network, a
firewall dropping packets) waits for the connection timeout (``CONNECT_TIMEOUT_S``).
Once one attempt has failed, the link's calls fail at once with that attempt's error:
the journal takes the writes, a visit is skipped, an approval's measures wait for
its replay. Without this, every autosave, page turn and approval waited again.

The server is tried again by ``TeamLink.probe``, off the store's thread (the window
does it in the background), by a call asked for by name (``TeamStore.flush``), or,
where nothing probes (the CLI), by the next call once ``RETRY_S`` have passed since
the last attempt. A probe that fails postpones
that call's attempt, so while the window probes, no call of the store's waits.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from backend.store.postgres.errors import TeamUnreachableError

# Long enough that a window probing every few seconds always tries first; short enough
# that a long CLI run (a batch writing versions) picks the server up again by itself.
RETRY_S = 30.0


class Away:
    """The last failed attempt, if the server has not answered since (thread-safe: the
    store's thread and a probe's)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._error: TeamUnreachableError | None = None
        self._since = 0.0  # when the last attempt failed (``clock``)

    @property
    def known(self) -> bool:
        """Whether the last attempt to reach the server failed."""
        return self._error is not None

    def check(self) -> None:
        """Raise the last attempt's error again while no new attempt is due."""
        with self._lock:
            error = self._error
            if error is not None and self.clock() - self._since < RETRY_S:
                # A new one of its kind (a refused login stays one): the same object
                # raised on two threads would share one traceback.
                raise type(error)(str(error), detail=error.detail) from error

    def failed(self, error: TeamUnreachableError) -> None:
        with self._lock:
            self._error, self._since = error, self.clock()

    def answered(self) -> None:
        with self._lock:
            self._error = None

    def forget(self) -> None:
        """Let the next call try the server (one asked for by name, not in passing)."""
        self.answered()
