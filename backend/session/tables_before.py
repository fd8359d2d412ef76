"""The header of the table that runs into a page from the pages before, for its review.

A headerless table at a page's top continues the table the pages before end with
(``backend.tables.continued``), which the session reads from their working texts at
each review of the page, cached or not. On the team server each store call is a round
trip: the pages before are read in one call, only for a page that starts with a
headerless table, and the header found is kept by what it was read from.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator

from backend.errors import StoreError
from backend.store.interface import PageStore
from backend.tables.continued import PAGES_BEFORE, Header, may_continue, running_header


class TablesBefore:
    """One store's pages as the tables running into them see them; not thread-safe, like
    the store."""

    def __init__(self, store: PageStore) -> None:
        self.store = store
        # Per page, whether its working version (by id) starts with a headerless table
        # (``may_continue``): a cached review of a page with no draft reads no text.
        self._opens: dict[int, tuple[int | None, bool]] = {}
        # Per page, what ``running_header`` last read of the pages before it: the first
        # page it read, a digest of those pages' texts, and the header it gave.
        self._chains: dict[int, tuple[int, str, Header]] = {}

    def header(self, page: int, text: str | None, current_id: int | None) -> Header:
        """``continues`` for a review: ``text`` is the page's text reviewed, None when it
        is the working version's (``current_id``), which is then read once per version."""
        if page <= 0:
            return ()
        opens = self._opens_version(page, current_id) if text is None else may_continue(text)
        return self._running(page) if opens else ()

    def continues(self, page: int, text: str | None = None) -> Header:
        """The header of the table that runs into the page from the pages before
        (``running_header``), which a headerless table at its top continues; () on the
        first page, when none does, when the page does not start with a headerless
        table (``may_continue``: no header would change its review), or when the store
        cannot be read now. ``text``: the page's text as reviewed (None: its working
        text, read)."""
        if page <= 0:
            return ()
        try:
            opens = may_continue(self._working(page) if text is None else text)
        except StoreError:
            return ()
        return self._running(page) if opens else ()

    def _running(self, page: int) -> Header:
        """``running_header`` from the pages before ``page``, in one store call (a round
        trip a page before, on the team server, made each review inside a long table
        cost up to ``PAGES_BEFORE`` of them, cached review or not). Kept by what it read:
        the pages it read last time are read again, and while their texts are the same,
        so is the header (read nearest first, they end it at the same page), not parsed
        again; when they changed, every page it may need is read (a second call)."""
        full = max(0, page - PAGES_BEFORE)
        known = self._chains.get(page)
        try:
            texts = self._texts_before(page, full if known is None else known[0])
            if known is not None and _digest_all(texts) == known[1]:
                return known[2]
            if known is not None and known[0] > full:
                texts = self._texts_before(page, full)
        except StoreError:
            return ()
        used: list[str] = []
        header = running_header(_taken(texts, used))
        self._chains[page] = (page - len(used), _digest_all(used), header)
        return header

    def _texts_before(self, page: int, first: int) -> list[str]:
        """The working texts of pages ``first``..``page - 1``, nearest first, in one call."""
        texts = self.store.working_texts(first, page - 1)
        return [texts.get(p, "") for p in range(page - 1, first - 1, -1)]

    def _opens_version(self, page: int, current_id: int | None) -> bool:
        """``may_continue`` of the page's working text when it has no draft, kept by the
        working version's id (a version's text never changes)."""
        known = self._opens.get(page)
        if known is None or known[0] != current_id:
            try:
                known = (current_id, may_continue(self._working(page)))
            except StoreError:
                return False  # read again next time
            self._opens[page] = known
        return known[1]

    def _working(self, page: int) -> str:
        return self.store.working_texts(page, page).get(page, "")


def _digest_all(texts: Iterable[str]) -> str:
    found = hashlib.blake2b(digest_size=16)
    for text in texts:
        data = text.encode()
        found.update(len(data).to_bytes(8, "little"))  # no two lists give the same bytes
        found.update(data)
    return found.hexdigest()


def _taken(texts: Iterable[str], taken: list[str]) -> Iterator[str]:
    """``texts``, each put in ``taken`` as it is read (what ``running_header`` read)."""
    for text in texts:
        taken.append(text)
        yield text
