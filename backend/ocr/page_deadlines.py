"""Each page's deadline in a batch: the time one page may take, its retries included.

A page's clock starts when its first request is sent (rendering it is our work,
not the server's) and keeps running through back-offs and retries, on whichever
server takes the page next. No attempt starts after the deadline, a back-off
that would end after it is not waited out, and a running attempt is cut at it:
so ``--timeout 10`` (or a profile's total timeout) is what one page costs at
most, however slowly a server trickles its bytes.

The clock is passed in (``time.monotonic`` by default) so the decisions can be
tested without racing real time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from backend.i18n import _

Clock = Callable[[], float]


class PageDeadlines:
    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self._ends: dict[int, tuple[float, float]] = {}  # page → (deadline, seconds allowed)

    def start(self, page: int, total_s: float) -> None:
        """Start the page's clock, unless it runs already; ``total_s`` ≤ 0: no deadline."""
        if page not in self._ends and total_s > 0:
            self._ends[page] = (self.clock() + total_s, total_s)

    def left(self, page: int) -> float | None:
        """Seconds the page has left (≤ 0: none); ``None`` when it has no deadline."""
        end = self._ends.get(page)
        return None if end is None else end[0] - self.clock()

    def allows(self, page: int, wait_s: float = 0.0) -> bool:
        """May an attempt of the page start after waiting ``wait_s`` seconds?"""
        left = self.left(page)
        return left is None or left > wait_s

    def reason(self, page: int, attempts: int, last: str = "") -> str:
        """Why the page failed on its deadline, naming the total allowed; ``last``:
        what ended its last attempt, when that was not the deadline itself."""
        total_s = self._ends[page][1] if page in self._ends else 0.0
        why = _(
            "The page took longer than the {total_s:g} s allowed for it, retries "
            "included (attempts: {attempts}). Raise the total timeout of the server's "
            "profile (--timeout in the command line), or lower max tokens."
        ).format(total_s=total_s, attempts=attempts)
        if last:
            why += " " + _("The last attempt: {reason}").format(reason=last)
        return why

    def forget(self, page: int) -> None:
        self._ends.pop(page, None)
