"""The document's facts, kept current (issue 24 points 1, 2 and 5).

One ``DocumentFacts`` per open document. It reads the facts index the store keeps
(``PageStore.facts_rows``) and reads again, with ``backend.facts``, only the pages
whose working text (a draft wins, as in the editor) or whose reading rules changed
since: the row's ``source`` is the text's digest and ``reader()``'s, and the store
says each page's current digest in one query (``text_digests``), so opening a long
document reads no page's text when nothing changed. The grouping is stored beside it
(``facts_cache``), so the groups are ready without grouping every fact again. After a
save (a new version, a restore, a replace), ``page_changed`` reads that one page again
and brings the groups and the cross-page flags up to date (``facts_groups``: only the
kinds whose facts changed are grouped again). ``keep()`` stores the grouping as the
saves left it: call it when the document closes.

Not thread-safe, like the store: the GUI calls it on the store's serial executor. The
index is a cache: a write that fails (the team server away) keeps the facts in memory
and tries again with the next change; nothing is lost but time.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from backend.errors import StoreError
from backend.facts.extract import facts_of_page
from backend.facts.model import Fact, FactGroup
from backend.review.values import Flag
from backend.session.facts_cache import (
    GROUPS_KEY,
    decode_groups,
    encode_groups,
    signature,
    stamp,
)
from backend.session.facts_codec import decode, encode
from backend.session.facts_glossary import GLOSSARY_KEY, clean_terms, decode_terms, encode_terms
from backend.session.facts_groups import LiveGroups
from backend.store.facts_rows import text_digest
from backend.store.interface import PageStore

# Up to this many changed pages are read one by one; more, and the store's digests of
# every page say which changed (one query: ~30 ms for 3,000 pages, a page ~1 ms).
FEW_PAGES = 20
# Pages a ``step`` reads (``defer``): ~50-100 ms of work, so a save or a review queued
# on the store's thread behind it waits no longer than that.
STEP_PAGES = 50


@dataclass(frozen=True)
class FactsProgress:
    """Where the work ``step`` does stands: ``read`` of ``to_read`` pages read from their
    text; ``ready``: the groups and flags are the whole document's; ``more``: call
    ``step`` again (pages to read, the grouping to make, a kind's regrouping to ready)."""

    read: int
    to_read: int
    ready: bool
    more: bool


class DocumentFacts:
    """The facts of one document: per page, its groups across pages, and the flags."""

    def __init__(self, store: PageStore, *, defer: bool = False) -> None:
        self.store = store
        # ``defer``: pages with no row (or a stale one), when more than a few, are read by
        # ``step`` (the GUI's background build, with progress), not by the first call
        # that needs the facts; until then there are no groups and no flags. Else (the
        # CLI, tests) the first call reads them all. The GUI sets it before any use.
        self.defer = defer
        self._pending: set[int] = set()  # pages to read (``defer``)
        self._to_read = 0  # pages the current build has had to read
        self._loaded = False
        self._stamp = ""  # ``store.changes_stamp()`` when last looked at (``catch_up``)
        self._glossary: tuple[str, ...] = ()
        self._reader = ""  # ``reader(glossary)``: part of every row's source
        self._facts: dict[int, tuple[Fact, ...]] = {}
        self._digests: dict[int, str] = {}  # the digest of the text each page was read from
        self._signatures: dict[int, str] = {}  # ``facts_cache.signature`` of each page's facts
        self._unsaved: dict[int, tuple[int, str, str]] = {}  # rows a failed write left
        self._live = LiveGroups()  # the groups and flags, kept current page by page
        self.read_pages = 0  # pages read from text (not the index) so far: tests, bench

    # -- the index ---------------------------------------------------------------

    def load(self) -> None:
        """Read the index, and read again the pages it has not or has stale (done on the
        first call of any method below; call it early to have it done off the GUI thread)."""
        if self._loaded:
            return
        with gc_paused():
            self._stamp = self.store.changes_stamp()  # before the digests: nothing missed
            self._glossary = decode_terms(self.store.get_meta(GLOSSARY_KEY))
            self._reader = reader(self._glossary)
            self._refresh(self.store.text_digests(), self.store.facts_rows())
            self._loaded = True
            # The grouping stored with the index, if it was made from these facts.
            stored = self.store.get_meta(GROUPS_KEY)
            self._live.set(decode_groups(stored, self._made_from(), self._facts))

    def _refresh(self, digests: dict[int, str], stored: dict[int, tuple[str, str]]) -> None:
        """Take each page's facts from its stored row when the row's source is its text's
        now; read the others from their text, and store those rows."""
        self._facts, self._digests, self._signatures = {}, {}, {}
        self._live.set(None)
        stale: list[int] = []
        for page, digest in digests.items():
            source, _sep, sig = stored[page][0].rpartition(":") if page in stored else ("", "", "")
            found = decode(page, stored[page][1]) if source == self._source(digest) else None
            if found is None:
                stale.append(page)
            else:
                self._facts[page], self._digests[page] = found, digest
                self._signatures[page] = sig
        self._pending = set()
        if self.defer and len(stale) > FEW_PAGES:
            self._pending, self._to_read = set(stale), len(stale)
        else:  # their texts in one query when many (a page at a time: a query each)
            many = len(stale) > FEW_PAGES
            self._read(stale, self.store.working_texts() if many else {})

    def _read(self, pages: Iterable[int], texts: dict[int, str], *, save: bool = True) -> None:
        """Read these pages' facts from their text (``texts``, else the store's working
        text) and store their rows (``save``; else with the next rows stored)."""
        for page in sorted(pages):
            text = texts[page] if page in texts else self.store.working_text(page)
            self._pending.discard(page)
            found = tuple(facts_of_page(page, text, self._glossary))
            digest = text_digest(text)
            old = self._facts.get(page, ())
            # A fact as it was (typing after it) stays the same object: the groups hold
            # the pages' facts themselves (a stored grouping names them).
            same = {f: f for f in old}
            found = tuple(same.get(f, f) for f in found)
            if found == old:
                found = old
            self._facts[page], self._digests[page] = found, digest
            self._live.update(page, old, found, self._facts)
            sig = self._signatures[page] = signature(found)
            self._unsaved[page] = (page, f"{self._source(digest)}:{sig}", encode(found))
            self.read_pages += 1
        if save:
            self._save()

    def _save(self) -> None:
        if not self._unsaved:
            return
        try:
            self.store.put_facts(list(self._unsaved.values()))
        except StoreError:
            return  # kept in memory; written with the next change (the index is a cache)
        self._unsaved.clear()

    def _source(self, digest: str) -> str:
        """A row's source, but for the signature of its facts after it."""
        return f"{digest}:{self._reader}"

    def _made_from(self) -> str:
        return stamp(self._reader, self._signatures)

    # -- kept current ------------------------------------------------------------------

    def page_changed(self, page: int, text: str | None = None) -> bool:
        """The page's working text changed (a save, a new version, a restore, a replace):
        read its facts again, and the groups and flags with them. ``text``: the new
        working text (None: the store's). False when the text read is the one already
        read (nothing to do)."""
        self.load()
        if text is None:
            text = self.store.working_text(page)
        if self._digests.get(page) == text_digest(text):
            return False
        with gc_paused():
            self._read([page], {page: text})
        return True

    def pages_changed(self, pages: Iterable[int]) -> list[int]:
        """``page_changed`` for many pages at once (an import, a replace over the
        document): the pages whose facts were read again."""
        self.load()
        pages = set(pages)
        if len(pages) <= FEW_PAGES:  # their texts, not every page's digest
            return [p for p in sorted(pages) if self.page_changed(p)]
        digests = self.store.text_digests()
        stale = [p for p in set(pages) if digests.get(p, _EMPTY) != self._digests.get(p, _EMPTY)]
        with gc_paused():
            self._read(stale, {})
        return sorted(stale)

    def catch_up(self) -> list[int]:
        """Read again the pages whose working text changed outside this window since the
        last look (another process on the file, another reviewer on the team server, a
        notification missed): only those. The store's stamp first (one cheap query);
        every page's digest only when it moved."""
        self.load()
        try:
            stamp = self.store.changes_stamp()
            if stamp == self._stamp:
                return []
            digests = self.store.text_digests()
            stale = [
                p
                for p in digests.keys() | self._digests.keys()
                if p not in self._pending and digests.get(p, _EMPTY) != self._digests.get(p, _EMPTY)
            ]
            with gc_paused():
                self._read(stale, self.store.working_texts() if len(stale) > FEW_PAGES else {})
        except StoreError:
            return []  # the team server away: the stamp kept, looked at again next time
        self._stamp = stamp
        return sorted(stale)

    # -- what the review, the Facts dock and the CLI read ------------------------------

    def facts(self, page: int) -> tuple[Fact, ...]:
        """The facts read on one page, in text order."""
        self.load()
        return self._facts.get(page, ())

    def groups(self) -> list[FactGroup]:
        """The document's facts, each with its variants and their pages
        (``backend.facts.groups``); those in ``conflict`` are flagged."""
        self.load()
        if self._pending:
            return []  # ``step`` reads the pages first: no groups of a part of the document
        if self._live.groups is None and self.defer:
            return []  # ``step`` groups them, a kind at a time (no call waits for it all)
        if self._live.groups is None:
            with gc_paused():
                self._live.compute(self._facts)
            self.keep()  # grouping all took a second: the next open reads it instead
        assert self._live.groups is not None
        return self._live.groups

    def keep(self) -> None:
        """Store the grouping as it is now, when it changed since stored, so the next open
        reads it instead of grouping every fact (``facts_cache``). Saves keep it current
        in memory only (storing it takes longer than the save): call this when the
        document closes, or when idle, off the GUI thread."""
        if not self._live.changed or self._live.groups is None:
            return
        with gc_paused():
            made = encode_groups(self._made_from(), self._live.groups, self._facts)
        with contextlib.suppress(StoreError):  # a cache: grouped anew next time
            self.store.set_meta(GROUPS_KEY, made)
            self._live.changed = False

    def flags_for(self, page: int, text: str | None = None) -> tuple[Flag, ...]:
        """The page's cross-page flags (critical, with the pages holding the other value).
        ``text``: the text they are for; when it is not the one the page was read from
        (typing newer than the index), the page is read again first; its row is stored
        with the next save's (the editor reviews typing at every pause: no write each)."""
        self.load()
        if self._pending:
            return ()  # not ready (``step``): the page is reviewed without them until then
        if text is not None and self._digests.get(page) != text_digest(text):
            with gc_paused():
                self._read([page], {page: text}, save=False)
        self.groups()
        return self._live.flags.get(page, ())

    @property
    def ready(self) -> bool:
        """Every page's facts read: the groups and flags are the whole document's."""
        return self._loaded and not self._pending and self._live.groups is not None

    def step(self, pages: int = STEP_PAGES) -> FactsProgress:
        """One step of the work ``defer`` leaves, for a worker to call until ``more`` is
        False (stopping early loses nothing: the rows read are stored, and the next open
        goes on from them): read up to ``pages`` pages (their texts in one query), then
        group the document a kind per step (``defer``: no call groups it all), store the
        grouping for the next open, then make ready, a kind per step, what a save that
        changes a kind's facts regroups when the grouping was read back (else the first
        such save makes it: ~0.05-0.15 s for 3,000 pages)."""
        self.load()
        if self._pending:
            chunk = sorted(self._pending)[:pages]
            texts = self.store.working_texts(chunk[0], chunk[-1])
            with gc_paused():
                self._read([p for p in chunk if p in texts], texts)
            self._pending.difference_update(chunk)  # no working text any more: no facts
            return self._progress(more=True)
        if self._live.groups is None:
            with gc_paused():
                self._live.group_next(self._facts)
            return self._progress(more=True)
        if self._live.changed:  # stored for the next open, in a step of its own
            self.keep()
            if not self._live.changed:  # (not stored: the store away; kept at the close)
                return self._progress(more=True)
        with gc_paused():
            more = self._live.prepare(self._facts)
        return self._progress(more=more)

    def _progress(self, *, more: bool) -> FactsProgress:
        done = self._to_read - len(self._pending)
        return FactsProgress(done, self._to_read, self.ready, more)

    # -- the glossary -------------------------------------------------------------------

    def glossary(self) -> tuple[str, ...]:
        """The document's terms (a name, a place, a company), in the order added."""
        self.load()
        return self._glossary

    def set_glossary(self, terms: Iterable[str]) -> tuple[str, ...]:
        """Keep these terms as the document's glossary (cleaned: ``clean_terms``) and read
        every page again with them; the terms kept."""
        self.load()
        cleaned = clean_terms(terms)
        if cleaned == self._glossary:
            return cleaned
        self.store.set_meta(GLOSSARY_KEY, encode_terms(cleaned))
        self._glossary, self._reader = cleaned, reader(cleaned)
        with gc_paused():
            self._refresh(self.store.text_digests(), {})
        return cleaned


_EMPTY = text_digest("")


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The cycle collector off while the facts' objects are made. Opening makes ~90,000
    facts (each an object and its dict, all tracked): the collections their making sets
    off walk every object the process holds, again and again, and took half the open's
    time (0.27 s of decoding 3,000 pages' rows: 0.14 s without); a save's regrouping
    likewise. Facts make no cycles; the collector runs as usual once it is on again.
    Left off if it was off (another thread's pause, or the host's choice)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def reader(glossary: Sequence[str]) -> str:
    """What a page's facts were read with: the rules (``backend.facts``' code and the
    legal and normalisation tables) and the glossary. A row read with others is read again."""
    digest = hashlib.blake2b(_rules().encode(), digest_size=8)
    digest.update("\n".join(glossary).encode())
    return digest.hexdigest()


@cache
def _rules() -> str:
    """A digest of the code and tables that read facts (a new ProofDesk reads again)."""
    import backend.facts

    root = Path(backend.facts.__file__).resolve().parent
    resources = root.parents[1] / "resources"
    tables = [*(resources / "legal").glob("*.tsv"), *(resources / "normalise").glob("*.tsv")]
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted([*root.glob("*.py"), *tables]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
