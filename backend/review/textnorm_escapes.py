"""Escaped text in a transcript's markup, read as what it stands for before comparing.

A VLM writing a table escapes what the markup would otherwise read: Markdown's
``\\|`` (a pipe inside a cell) and HTML's entities (``&amp;`` ``&lt;`` ``&#20803;``
``&nbsp;``). The scan, and so the alternate, has the character itself: ``A&amp;B``
in a cell is ``A&B`` on the page and must not differ from it.

Normalisation maps one code point to one code point or drops it, so an escape is
folded as: a Markdown escape's backslash dropped (the character it escapes kept); an
entity's ``&`` kept and read as the character it stands for, the rest dropped (an
entity of whitespace, ``&nbsp;``, dropped whole, as whitespace is). Each folded
escape is remembered as (the kept character's offset, the escape's start, its end),
so a range of normalised text maps back over the whole escape
(``Normalised.source_range``): a flag there replaces ``&lt;``, never its ``&`` alone.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

# CommonMark: a backslash before any ASCII punctuation is an escape.
_BACKSLASH = re.compile(r"\\[!-/:-@\[-`{-~]")
# A named or numeric character reference, with its semicolon (as VLMs write them).
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")

Escape = tuple[int, int, int]  # the kept character's offset, the escape's start and end


def find(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, str]], list[Escape]]:
    """The spans normalisation drops for ``text``'s escapes, each kept ``&``'s offset with
    the character it reads as, and the escapes folded (by the kept character's offset)."""
    dropped: list[tuple[int, int]] = []
    reads: list[tuple[int, str]] = []
    escapes: list[Escape] = []
    if "\\" in text:
        for m in _BACKSLASH.finditer(text):
            dropped.append((m.start(), m.start() + 1))
            escapes.append((m.start() + 1, m.start(), m.end()))
    if "&" in text:
        for m in _ENTITY.finditer(text):
            char = html.unescape(m.group())
            if len(char) != 1 or char == m.group():  # no entity, or more than one code point
                continue
            if char.isspace():
                dropped.append(m.span())
                continue
            dropped.append((m.start() + 1, m.end()))
            reads.append((m.start(), char))
            escapes.append((m.start(), m.start(), m.end()))
    if dropped and "\\" in text and "&" in text:
        dropped.sort()
        escapes.sort()
    return dropped, reads, escapes


def substitute(
    body: str,
    to_source: list[int],
    reads: list[tuple[int, str]],
    translate: Callable[[str], str] | None,
) -> str:
    """``body`` with each kept ``&`` read as its character (folded as the rest of the
    text is); an ``&`` another fold dropped (a marker, a given span) is left alone."""
    chars = list(body)
    for at, char in reads:
        k = bisect_left(to_source, at)
        if k < len(to_source) and to_source[k] == at:
            chars[k] = translate(char) if translate is not None else char
    return "".join(chars)


def widen(escapes: tuple[Escape, ...], start: int, end: int) -> tuple[int, int]:
    """Source [start, end) widened over every escape whose kept character is its first
    or last character. Two escapes can share one (``\\&amp;``: a backslash before an
    entity keeps the entity's ``&``): the range covers both, never ``\\&`` alone."""
    keys = [kept for kept, _s, _e in escapes]
    first = escapes[bisect_left(keys, start) : bisect_right(keys, start)]
    last = escapes[bisect_left(keys, end - 1) : bisect_right(keys, end - 1)]
    if first:
        start = min(s for _k, s, _e in first)
    if last:
        end = max(e for _k, _s, e in last)
    return start, end
