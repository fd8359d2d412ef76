"""Text that looks like a marker but is the document's own (a statute about 【模糊】).

A marker blocks approval until the reviewer deals with it. When the page
itself prints 【模糊】 (a rule about how unreadable text is marked, a quoted
form), there is nothing to deal with, so the reviewer marks that occurrence
"the document's own text". The mark is kept in the store with the few
characters before it and how many identical occurrences (same characters
before) come earlier, so it stays on that occurrence while the page is edited
elsewhere and never covers a look-alike (a blank table's cells before each
【模糊】); an edit that changes what precedes it makes it a marker again,
which is the safe side.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from backend.review.markers import MarkerSet

# The rule itself is pure and lives with the review: a review takes the marks as input.
from backend.review.own_text import OwnText, is_own, occurrence, without_own_text
from backend.review.values import Flag
from backend.store.interface import PageStore

_KEY = "own_text:{page}"


def own_text_key(page: int) -> str:
    return _KEY.format(page=page)


def load_own_text(store: PageStore, page: int) -> tuple[OwnText, ...]:
    """The occurrences the reviewer marked as the document's own text on ``page``."""
    raw = store.get_meta(own_text_key(page))
    if not raw:
        return ()
    try:
        items = json.loads(raw)
    except ValueError:
        return ()  # a hand-edited store: treat every marker as a marker (the safe side)
    return tuple(
        (str(item[0]), str(item[1]), item[2])
        for item in items
        if isinstance(item, list) and len(item) == 3 and item[0] and isinstance(item[2], int)
    )


def set_own_text(store: PageStore, page: int, text: str, flag: Flag, own: bool) -> None:
    """Mark (``own``) or unmark the marker ``flag`` of ``text`` as the document's own text."""
    items = list(load_own_text(store, page))
    item = occurrence(text, flag.start, flag.end)
    if own and item not in items:
        items.append(item)
    elif not own and item in items:
        items.remove(item)
    store.set_meta(own_text_key(page), json.dumps(items, ensure_ascii=False) if items else "")


def strip_keeping_own(
    store: PageStore,
    page: int,
    text: str,
    strip: Callable[[str], str],
    markers: MarkerSet | None = None,
) -> str:
    """``strip(text)`` (removing markers for an export) except the occurrences marked as
    the document's own text: those are the page's words and stay. ``markers``: what the
    reviewer counts as a marker (the defaults unless given)."""
    marked = load_own_text(store, page)
    if not marked:
        return strip(text)
    found = (markers or MarkerSet.default()).marker_flags(text)
    own = [f for f in found if is_own(text, f, marked)]
    out, at = [], 0
    for flag in own:
        out += [strip(text[at : flag.start]), text[flag.start : flag.end]]
        at = flag.end
    return "".join([*out, strip(text[at:])])


__all__ = ["OwnText", "is_own", "load_own_text", "occurrence", "set_own_text", "without_own_text"]
