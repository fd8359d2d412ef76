"""The local journal: edits made while the team server is unreachable.

Each edit is one JSON line, flushed and fsynced before the call returns, so
typing survives the app being closed (or killed) while offline. When the
server answers again the lines are replayed in order and the file removed.
A draft is the page's whole text, so replaying one twice cannot double a
keystroke; the replay keeps the last draft of a page and the steps after it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: list[dict[str, Any]] = self._load()

    def _load(self) -> list[dict[str, Any]]:
        try:
            lines = self.path.read_text("utf-8").splitlines()
        except FileNotFoundError:
            return []
        entries = []
        for line in lines:
            try:
                entries.append(json.loads(line))
            except ValueError:  # a line cut short by a crash mid-write: the ones before stand
                break
        return entries

    def __len__(self) -> int:
        return len(self._entries)

    def append(self, entry: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        self._entries.append(entry)

    def entries(self) -> list[dict[str, Any]]:
        """What to replay: superseded drafts (a later draft of the page follows) dropped."""
        out: list[dict[str, Any]] = []
        for entry in self._entries:
            last = out[-1] if out else None
            # The same page typed on: only the newer text needs sending.
            if (
                entry["op"] == "draft"
                and last
                and last["op"] == "draft"
                and (last["page"] == entry["page"])
            ):
                out[-1] = entry
                continue
            out.append(entry)
        return out

    def pending_text(self, page: int) -> str | None:
        """The newest text typed offline on ``page``, if any."""
        for entry in reversed(self._entries):
            if entry["page"] == page and entry["op"] == "draft":
                return str(entry["text"])
        return None

    def clear(self) -> None:
        self._entries = []
        self.path.unlink(missing_ok=True)
