"""What other features do as the review's document comes and goes (``DocumentHooks``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.services.workspace import Workspace

__all__ = ["DocumentHooks"]


@dataclass
class DocumentHooks:
    """What other features do as the document comes and goes; the composition root fills it.

    The order is the order of safety: background writers stop before a page's
    text is saved, features that store into the document finish before its
    store closes."""

    opened: list[Callable[[Workspace], None]] = field(default_factory=list)
    # What a feature still holds of the page's text, put into the editor before it is saved
    # (a table cell being typed in the Table dock): leaving the page, approving or closing
    # must not drop it.
    before_save: list[Callable[[], None]] = field(default_factory=list)
    stop_writers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    closing: list[Callable[[], Awaitable[None]]] = field(default_factory=list)  # store still open
    closed: list[Callable[[], None]] = field(default_factory=list)
    # Asked before a page is approved, with the text shown; any False stops the approval.
    approve_checks: list[Callable[[str], Awaitable[bool]]] = field(default_factory=list)
    # Pages a feature keeps read-only (someone else's claim, a claim of mine broken): a
    # page load ends editable only when none says so.
    read_only: list[Callable[[int], bool]] = field(default_factory=list)
