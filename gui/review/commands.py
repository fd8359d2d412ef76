"""The review controller's commands, page moves and status changes, run one at a time.

Each command starts once the one before it has finished, in the order given: a
status change applies to the page the moves before it reached, and no two
commands save and load a page at the same time. Flipping quickly stays quick:
a page move that a newer move supersedes (nothing else given between them) is
dropped before it starts, or cancelled if it is the one running (a stale page
load need not finish). A status change is never dropped or cancelled by another
command: a reviewer's "approved" or "flagged" always happens, even when the document
closes right after it (``closing``: the close waits for it).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner


@dataclass(eq=False)
class _Command:
    work: Coroutine[Any, Any, Any]
    is_move: bool
    # Done when the command is over: its result (None if it failed: the task runner
    # reports the error), cancelled if it was dropped or cancelled.
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_event_loop().create_future()
    )
    task: asyncio.Task[Any] | None = None

    def drop(self) -> None:
        self.work.close()  # never started: nothing to undo
        self.done.cancel()


class CommandQueue:
    def __init__(self, runner: TaskRunner) -> None:
        self._runner = runner
        self._waiting: deque[_Command] = deque()
        self._running: _Command | None = None
        self._worker: asyncio.Task[None] | None = None
        self._held = False  # the document is closing: what is given now waits

    def move(self, work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """Queue a page move; it supersedes the moves right before it."""
        while self._waiting and self._waiting[-1].is_move:
            self._waiting.pop().drop()
        running = self._running
        if not self._waiting and running is not None and running.is_move and running.task:
            running.task.cancel()
        return self._add(_Command(work, is_move=True))

    def status(self, work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """Queue a status change (with or without a move after it): never dropped."""
        return self._add(_Command(work, is_move=False))

    def _add(self, command: _Command) -> asyncio.Future[Any]:
        self._waiting.append(command)
        if not self._held and (self._worker is None or self._worker.done()):
            # The runner's own task: it reports a failure. (Quitting closes the document,
            # ``closing``, which carries out the status changes before the store closes.)
            self._worker = self._runner.run(self._run_all())
        return command.done

    @asynccontextmanager
    async def closing(self) -> AsyncIterator[None]:
        """Close the document inside: first every page move is dropped or cancelled (a page
        of a document going away need not load, and a load must not outlive its store),
        then the status changes given are carried out, in order, on the pages the commands
        before them reached. Commands given meanwhile wait until the close is over."""
        while True:
            for command in [c for c in self._waiting if c.is_move]:
                self._waiting.remove(command)
                command.drop()
            running = self._running
            if running is not None and running.is_move and running.task:
                running.task.cancel()
            worker = self._worker
            if worker is None or worker.done():
                break
            await asyncio.wait({worker})
        self._held = True  # no step between the queue found empty and held
        try:
            yield
        finally:
            self._held = False
            if self._waiting:
                self._worker = self._runner.run(self._run_all())

    async def _run_all(self) -> None:
        try:
            while self._waiting:
                command = self._running = self._waiting.popleft()
                command.task = task = self._runner.run(command.work)  # it reports failures
                await asyncio.wait({task})
                if task.cancelled():
                    command.done.cancel()
                elif not command.done.done():
                    command.done.set_result(None if task.exception() else task.result())
                self._running = None
        finally:  # stopped (the app quits): what waits is let go
            if self._running is not None and not self._running.done.done():
                self._running.done.cancel()
            self._running = None
            while self._waiting:
                self._waiting.popleft().drop()
