"""Markers the model writes where it could not read the page (【blurry】, 【？】, ...).

The prompt asks the model to mark unreadable text instead of guessing; these
markers are what the reviewer must visit before approving a page, what the
diff must ignore (the alternate reading has real text there) and what export
removes. The patterns are the reviewer's to configure: a plain string matches
itself, a string starting with ``re:`` is a regular expression.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from backend.i18n import _
from backend.review.values import Flag, FlagKind

REGEX_PREFIX = "re:"
# Any short 【...】 that says it is unclear, in English or Chinese, however the
# model phrased it: 【blurry text】, 【字跡模糊】, 【此處無法辨識】, 【illegible: 2 chars】.
UNCLEAR_BRACKETS = (
    REGEX_PREFIX + r"(?i)【[^】\n]{0,20}?"
    r"(?:blurr|unclear|illegible|unreadable|模糊|不清|無法辨識|無法辨認|難以辨識|辨識不能)"
    r"[^】\n]{0,20}】"
)
DEFAULT_PATTERNS: tuple[str, ...] = (
    "【blurry】",
    "【模糊】",
    "【?】",
    "【？】",
    REGEX_PREFIX + r"【[?？]{2,}】",
    UNCLEAR_BRACKETS,
)


@dataclass(frozen=True)
class Marker:
    start: int  # code points
    end: int
    text: str


def _compile(pattern: str) -> re.Pattern[str]:
    """One configured pattern as a regex; a clear ValueError names a bad one."""
    if pattern.startswith(REGEX_PREFIX):
        source = pattern[len(REGEX_PREFIX) :]
        try:
            compiled = re.compile(source)
        except re.error as exc:
            raise ValueError(
                _("marker pattern {pattern!r} is not a valid regex: {exc}").format(
                    pattern=pattern, exc=exc
                )
            ) from exc
    else:
        compiled = re.compile(re.escape(pattern))
    if compiled.fullmatch("") is not None or compiled.pattern == "":
        # An empty match would mark every position of every page.
        raise ValueError(_("marker pattern {pattern!r} matches empty text").format(pattern=pattern))
    return compiled


@dataclass(frozen=True)
class MarkerSet:
    """The configured marker patterns, compiled once."""

    patterns: tuple[str, ...] = DEFAULT_PATTERNS
    _regexes: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "patterns", tuple(self.patterns))
        object.__setattr__(self, "_regexes", tuple(_compile(p) for p in self.patterns))

    @classmethod
    def default(cls) -> MarkerSet:
        return cls(DEFAULT_PATTERNS)

    @classmethod
    def from_patterns(cls, patterns: Iterable[str]) -> MarkerSet:
        """Raises ValueError naming the first invalid pattern."""
        return cls(tuple(patterns))

    def to_json(self) -> str:
        return json.dumps(list(self.patterns), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str) -> MarkerSet:
        """Raises ValueError for text that is not a JSON list of strings."""
        try:
            items = json.loads(data)
        except json.JSONDecodeError as exc:
            raise ValueError(
                _("marker patterns are not valid JSON: {exc}").format(exc=exc)
            ) from exc
        if not isinstance(items, list) or not all(isinstance(p, str) for p in items):
            raise ValueError(_("marker patterns must be a JSON list of strings"))
        return cls(tuple(items))

    def find(self, text: str) -> list[Marker]:
        """Every marker in ``text``, sorted; where two overlap the earlier, longer one wins."""
        found = [
            m.span() for regex in self._regexes for m in regex.finditer(text) if m.end() > m.start()
        ]
        markers: list[Marker] = []
        for start, end in sorted(found, key=lambda s: (s[0], -s[1])):
            if not markers or start >= markers[-1].end:
                markers.append(Marker(start, end, text[start:end]))
        return markers

    def count(self, text: str) -> int:
        return len(self.find(text))

    def spans(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of each marker, for code that must skip marker text (the diff)."""
        return [(m.start, m.end) for m in self.find(text)]

    def marker_flags(self, text: str) -> list[Flag]:
        return [
            Flag(
                m.start, m.end, FlagKind.MARKER, _("marked unreadable: {text}").format(text=m.text)
            )
            for m in self.find(text)
        ]

    def next_after(self, text: str, pos: int, *, wrap: bool = False) -> Marker | None:
        """The first marker after the caret at ``pos``; one containing the caret is
        the current one and is skipped, so repeated presses move on."""
        markers = self.find(text)
        ahead = [m for m in markers if m.start > pos]
        if ahead:
            return ahead[0]
        return markers[0] if wrap and markers else None

    def previous_before(self, text: str, pos: int, *, wrap: bool = False) -> Marker | None:
        """The last marker before the caret at ``pos`` (one containing it is skipped)."""
        markers = self.find(text)
        behind = [m for m in markers if m.end < pos]
        if behind:
            return behind[-1]
        return markers[-1] if wrap and markers else None

    def strip(self, text: str, replacement: str = "") -> str:
        """``text`` with each marker replaced, everything else untouched (for export)."""
        pieces, last = [], 0
        for m in self.find(text):
            pieces += [text[last : m.start], replacement]
            last = m.end
        return "".join([*pieces, text[last:]])


def strip_markers(text: str, replacement: str = "", markers: MarkerSet | None = None) -> str:
    """``text`` without its markers (the default set unless ``markers`` is given)."""
    return (markers or MarkerSet.default()).strip(text, replacement)
