"""The plumbing of an alternate OCR run that no reviewer reads: checking an engine
off the UI thread, the backend's worker process, which readings are worth
storing, and tallying the stores once a run is over.

Separate from ``aids_hub`` because it is plain asyncio and backend calls: the
hub keeps the run's task, its signals and every message a person reads (they
go through ``AidsHub.tr``), and what each engine was last found to lack.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from gui.services.aid_review import loop_running

if TYPE_CHECKING:
    from backend.engines.offline.base import AltReading
    from backend.engines.offline.runner import AltOcrRunner

log = logging.getLogger("gui.services.aids_hub")  # the hub's log, where these were written


async def check_engine(engine: str) -> str | None:
    """What ``engine`` lacks here (None: it can run): ``tesseract --list-langs`` /
    ``--version`` and the like, too slow for the UI thread, so run in a thread."""
    from backend.engines.offline.runner import engine_problem

    if loop_running():
        return await asyncio.to_thread(engine_problem, engine)
    # A step run by Qt between two runs of the loop (tests): no executor.
    return engine_problem(engine)


class AltWorker:
    """The backend's worker process for alternate OCR: started on first use, kept
    for the next run, closed with the hub."""

    def __init__(self) -> None:
        self._runner: AltOcrRunner | None = None

    def get(self) -> AltOcrRunner:
        if self._runner is None:
            from backend.engines.offline.runner import AltOcrRunner

            self._runner = AltOcrRunner()
        return self._runner

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()
            self._runner = None


def worth_storing(reading: AltReading) -> bool:
    """A reading with text that did not fail is stored; the others may bring a notice."""
    return bool(reading.text.strip()) and not getattr(reading, "failed", False)


def tally(outcomes: list[Any]) -> tuple[int, list[BaseException]]:
    """(readings stored, the stores that failed) from the gathered stores; each failure
    is logged with its traceback."""
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    for error in errors:
        log.error("an alternate reading could not be stored", exc_info=error)
    return len(outcomes) - len(errors), errors
