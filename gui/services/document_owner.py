"""Features that read the open document from its one owner (the review controller)
instead of keeping a copy that the order of the document hooks must keep in step."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.services.workspace import Workspace


class FollowsDocument:
    _document: Callable[[], Workspace | None] | None = None

    def follow(self, document: Callable[[], Workspace | None]) -> None:
        """Ask ``document`` for the open document from now on (None: none is open)."""
        self._document = document

    @property
    def workspace(self) -> Workspace | None:
        return None if self._document is None else self._document()
