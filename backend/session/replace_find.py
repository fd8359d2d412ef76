"""Finding a replace query's matches in one text: the pattern, the folds, the replacement.

Normalised matching folds the page (``backend.review.textnorm.fold``: full/half width,
equivalent marks, variant glyphs). Every fold is one code point to one code point, so a
match's offsets in the folded text are its offsets in the page's own text, and the
match is reported (and replaced) there: the page keeps its own spelling outside it.

A regex's replacement expands its groups from the page's own text, not the folded one
(``\\1`` of ``林(.)`` puts back the glyph the page holds).

A regex is read by ``re`` (its syntax and its errors, as the help says) and matched by
the ``regex`` package (mrab's, version 0: ``re``'s reading), because ``re`` cannot be
stopped: ``(a|a)+$`` over a line of a's backtracks for ever, holding the GIL, so the
window froze with it. ``regex`` takes a time limit per call (``spans``'s
``time_limit``: one page) and lets go of the GIL while it matches (``concurrent``), so
the window stays live and Esc is heard. Plain text stays with ``re``: an escaped
literal cannot backtrack, and its matching stays exactly what it was.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import regex as mrab

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.review.tables import ReviewTables

# A template's group reference (``\g<name>``, ``\g<2>``, ``\2``) or any other escape.
# Octal escapes (``\0``, ``\012``, ``\123``) come before group numbers, as in ``re``.
_TEMPLATE_ESCAPE = re.compile(r"\\(?:g<([^>]*)>|(0[0-7]{0,2}|[0-7]{3})|([1-9][0-9]?)|.)", re.DOTALL)
_REGEX_SPECIAL = frozenset(".^$*+?{}[]\\|()")


class ReplacePatternError(ProofDeskError):
    """The find text or the replacement cannot be used (a bad regex, a group that is not)."""


@dataclass(frozen=True)
class Finder:
    """A compiled query: ``spans(text)`` gives each match and what replaces it."""

    pattern: re.Pattern[str]
    template: str
    regex: bool
    fold: Callable[[str], str] | None  # the folds (one to one); None: the text as it is
    matcher: Any = None  # a regex's ``regex.Pattern`` (the package has no type hints)

    def spans(self, text: str, time_limit: float | None = None) -> Iterator[tuple[int, int, str]]:
        """(start, end, replacement) of each non-empty match, in text order, none
        overlapping (``finditer`` resumes after each match: the first wins).

        ``time_limit``: seconds for a regex over the whole of ``text``; past it the
        iteration raises ``TimeoutError`` (None: no limit)."""
        searched = text if self.fold is None else self.fold(text)
        if len(searched) != len(text):  # a fold that is not one to one: match as written
            searched = text
        for m in self._finditer(searched, time_limit):
            start, end = m.span()
            if start == end:  # ``x*`` matches nothing everywhere: nothing to replace
                continue
            yield start, end, self._replacement(m, text)

    def _finditer(self, text: str, time_limit: float | None) -> Iterable[re.Match[str]]:
        if self.matcher is None:
            return self.pattern.finditer(text)
        # Its matches answer ``span``, ``group`` and ``expand`` as ``re``'s do.
        found: Iterable[re.Match[str]] = self.matcher.finditer(
            text, timeout=time_limit, concurrent=True
        )
        return found

    def _replacement(self, m: re.Match[str], text: str) -> str:
        if not self.regex:
            return self.template
        if self.fold is None:
            return _expand(m, self.template)
        return _expand_from(m, self.template, text)


def finder(
    find: str,
    replace: str,
    *,
    regex: bool,
    case_sensitive: bool,
    tables: ReviewTables | None,
) -> Finder:
    """The query compiled; ``tables``: fold under them (None: match the text as written)."""
    if not find:
        raise ReplacePatternError(_("Nothing to find: the find text is empty."))
    # The lookup folds a page ~15x faster than ``str.translate`` (the 3,000-page preview).
    fold = None if tables is None else tables.fold_lookup(True, True).translate
    if regex:
        source = find if fold is None else _fold_pattern(find, fold)
    else:
        source = re.escape(find if fold is None else fold(find))
    flags = 0 if case_sensitive else re.IGNORECASE
    try:
        with warnings.catch_warnings():
            # "Possible nested set" ([[, --, && in a class): re's note that a future
            # Python may read it otherwise. Today's reading is the one matched and shown.
            warnings.simplefilter("ignore", FutureWarning)
            pattern = re.compile(source, flags)
    except (re.error, RecursionError, OverflowError) as exc:
        # RecursionError: groups nested thousands deep; OverflowError: a{99999999999}.
        error = exc.msg if isinstance(exc, re.error) else str(exc)
        raise ReplacePatternError(
            _("The regular expression {pattern} cannot be used: {error}.").format(
                pattern=find, error=error
            ),
            detail=str(exc),
        ) from exc
    if not regex:
        return Finder(pattern, replace, regex, fold)
    _check_template(pattern, replace)
    # re has read it, and regex's version 0 reads what re reads (its extras, ``\p{Han}``,
    # are errors to re and never reach it); a pattern it refused all the same is said
    # as re's refusals are.
    version0 = mrab.VERSION0 | (0 if case_sensitive else mrab.IGNORECASE)
    try:
        matcher = mrab.compile(source, version0)
    except (mrab.error, RecursionError, OverflowError) as exc:
        raise ReplacePatternError(
            _("The regular expression {pattern} cannot be used: {error}.").format(
                pattern=find, error=exc
            ),
            detail=str(exc),
        ) from exc
    return Finder(pattern, replace, regex, fold, matcher)


def _fold_pattern(pattern: str, fold: Callable[[str], str]) -> str:
    """A regex whose literal characters are folded as the page is.

    The regex's own syntax stays: an unescaped ASCII character that the folds leave
    alone (it may mean something to ``re``), and an escape such as ``\\d`` or ``\\1``.
    Every other character is a literal, escaped or not, and is folded (the folds turn
    even ASCII ' [ ] into " ( )) and escaped (（ folds to "(", a literal, not a group).
    """
    out = []
    at = 0
    while at < len(pattern):
        ch = pattern[at]
        at += 1
        if ch == "\\" and at < len(pattern):
            escaped = pattern[at]
            at += 1
            if escaped.isascii() and escaped.isalnum():  # \d, \b, \1, \g<name>
                out.append(ch + escaped)
                continue
            ch = escaped  # \[ \. \\ ...: a literal
        elif ch.isascii() and (ch in _REGEX_SPECIAL or fold(ch) == ch):
            # Syntax, or an ASCII mark the folds leave alone: kept as written, since
            # escaping it could change what it means (``-`` in ``[0-9]`` is a range;
            # a space or ``#`` under ``(?x)``; a name in ``\N{...}``).
            out.append(ch)
            continue
        out.append(re.escape(fold(ch)))  # [a\-c]: still a, "-" and c, not a to c
    return "".join(out)


def _check_template(pattern: re.Pattern[str], template: str) -> None:
    """A replacement naming a group the pattern lacks is refused before any match."""
    for m in _TEMPLATE_ESCAPE.finditer(template):
        name, _octal, number = m.group(1), m.group(2), m.group(3)
        ref = name if name is not None else number
        if ref is None:
            continue
        number = _group_number(ref)
        known = (
            number <= pattern.groups if number is not None else ref in pattern.groupindex
        ) and ref != ""
        if not known:
            raise ReplacePatternError(
                _(
                    "The replacement refers to group {group}, which the pattern does not have."
                ).format(group=ref)
            )
    try:  # the other escapes (a bad one, such as \q): what re.sub would refuse
        re.compile("").sub(_TEMPLATE_ESCAPE.sub(_literal_escapes_only, template), "")
    except (re.error, IndexError) as exc:
        raise ReplacePatternError(
            _("The replacement {replacement} cannot be used: {error}.").format(
                replacement=template, error=exc
            )
        ) from exc


def _group_number(ref: str) -> int | None:
    """A reference's group number; None for a name. Only ASCII digits are a number
    (``\\g<²>`` is a name, none a pattern has), and past 9 digits one no pattern has
    (``int`` refuses 4,300 digits)."""
    if not (ref.isascii() and ref.isdigit()):
        return None
    return int(ref) if len(ref) <= 9 else 10**9


def _literal_escapes_only(m: re.Match[str]) -> str:
    return "" if m.group(1) is not None or m.group(3) is not None else m.group(0)


def _expand(m: re.Match[str], template: str) -> str:
    try:
        return m.expand(template)
    except (re.error, IndexError) as exc:  # checked by ``finder``: only a group's bad name
        raise ReplacePatternError(str(exc)) from exc


def _expand_from(m: re.Match[str], template: str, text: str) -> str:
    """``m.expand(template)`` with each group's text taken from ``text`` (the page's own,
    at the same offsets as the folded text ``m`` matched)."""
    out, at = [], 0
    for ref in _TEMPLATE_ESCAPE.finditer(template):
        name, number = ref.group(1), ref.group(3)
        if name is None and number is None:
            continue  # a literal escape: expanded with the text around it
        out.append(_expand(m, template[at : ref.start()]))
        ref_name = name if name is not None else number or ""
        group = _group_number(ref_name)
        key: int | str = ref_name if group is None else group
        start, end = m.span(key)
        out.append(text[start:end] if start >= 0 else "")
        at = ref.end()
    out.append(_expand(m, template[at:]))
    return "".join(out)
