"""Search results one row per match: where it is, and the words either side of it.

The store finds the pages (its trigram index); this finds every match on them,
so a reviewer sees each place a word occurs, not one row per page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from backend.models import SearchHit

SNIPPET_RADIUS = 18  # characters of context either side of a match
MAX_PER_PAGE = 200  # a word on every line of a long page: enough to walk, not a flood


def hits_in(pages: Iterable[tuple[int, str]], query: str, limit: int) -> list[SearchHit]:
    """Every match of ``query`` in ``pages`` ((page, text)), in page and text order."""
    needle = query.strip()
    hits: list[SearchHit] = []
    for page, text in pages:
        offsets = _offsets(text, needle)
        # The index matched what this cannot place: show the page, highlighting nothing.
        length = len(needle) if offsets else 0
        for offset in (offsets or [0])[:MAX_PER_PAGE]:
            hits.append(hit_at(page, text, offset, length))
            if len(hits) >= limit:
                return hits
    return hits


def _offsets(text: str, needle: str) -> list[int]:
    # The store's index folds case (the trigram tokenizer): find the matches the same
    # way, as literal text, so a row never highlights the page's start instead.
    if not needle:
        return []
    return [m.start() for m in re.finditer(re.escape(needle), text, re.IGNORECASE)]


def hit_at(page: int, text: str, offset: int, length: int) -> SearchHit:
    start = max(0, offset - SNIPPET_RADIUS)
    end = min(len(text), offset + length + SNIPPET_RADIUS)
    before = ("…" if start else "") + _one_line(text[start:offset])
    match = _one_line(text[offset : offset + length])
    after = _one_line(text[offset + length : end]) + ("…" if end < len(text) else "")
    snippet = before + ("[" + match + "]" if match else "") + after
    return SearchHit(page, snippet, offset, before=before, match=match, after=after)


def _one_line(text: str) -> str:
    return text.replace("\n", " ")
