"""The tables a review reads, as one value handed in: the legal-critical rules and
the character folds (punctuation, variant glyphs, Simplified forms, a user's own).

The review is a pure function of two texts and these tables; nothing under
``backend.review`` opens a file. The session reads the files
(``backend.session.review_tables``), once, and again only when one of them
changes on disk; a cache of reviews keys on ``ReviewTables.stamp``. The fold
tables built from the pairs are kept on the value itself, so a reloaded table
set starts afresh and an unchanged one is never rebuilt.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.review.fast_fold import LookupTable
from backend.review.legal_rules import LegalRules

__all__ = ["ReviewTables", "TableFiles", "VariantTableError", "parse_pairs"]

_FoldKey = tuple[bool, bool, bool]


class VariantTableError(ProofDeskError):
    """A variant-glyph table (the user's own file) cannot be read."""


@dataclass(frozen=True)
class TableFiles:
    """Where a table set came from: what the session stats to see it changed.

    Only paths: ``backend.review`` never looks at them."""

    rules: Path
    normalise: Path  # the folder of punctuation.tsv, variant-glyphs.tsv, alternate-simplified.tsv
    user_variants: Path | None = None  # a user's own variant-glyphs file


@dataclass(frozen=True, eq=False)  # one object per load: compared and hashed by identity
class ReviewTables:
    rules: LegalRules
    punctuation: Mapping[str, str]
    variants: Mapping[str, str]
    simplified: Mapping[str, str]  # folded in an alternate reading only
    user_variants: Mapping[str, str] = field(default_factory=dict)
    files: TableFiles | None = None  # where they came from (None: built in memory)
    stamp: tuple[object, ...] = ()  # the files as they were when read: a cache key
    _folds: dict[_FoldKey, dict[int, str]] = field(default_factory=dict, repr=False)
    _lookups: dict[_FoldKey, LookupTable] = field(default_factory=dict, repr=False)
    _simplified_only: list[frozenset[str]] = field(default_factory=list, repr=False)

    def fold_table(self, width: bool, variants: bool, alternate: bool = False) -> dict[int, str]:
        """A ``str.translate`` table for the folds asked for (built once per combination)."""
        key = (width, variants, alternate)
        table = self._folds.get(key)
        if table is None:
            table = self._folds[key] = self._build(width, variants, alternate)
        return table

    def fold_lookup(self, width: bool, variants: bool, alternate: bool = False) -> LookupTable:
        """``fold_table`` as a lookup that folds a page of text ~15× faster (``fast_fold``)."""
        key = (width, variants, alternate)
        lookup = self._lookups.get(key)
        if lookup is None:
            lookup = self._lookups[key] = LookupTable(self.fold_table(*key))
        return lookup

    def simplified_only(self) -> frozenset[str]:
        """Characters only Simplified Chinese writes: the alternate-only folds."""
        if not self._simplified_only:
            both = self.fold_table(False, True, alternate=False)
            alternate = self.fold_table(False, True, alternate=True)
            self._simplified_only.append(frozenset(chr(c) for c in alternate.keys() - both.keys()))
        return self._simplified_only[0]

    def _build(self, width: bool, variants: bool, alternate: bool) -> dict[int, str]:
        pairs: dict[str, str] = {}
        if width:
            pairs.update(_width_pairs())
            punct = self.punctuation
            pairs = {k: punct.get(v, v) for k, v in pairs.items()} | dict(punct)
        if variants:
            glyphs = _cjk_compat_pairs() | dict(self.variants)
            if alternate:
                glyphs |= self.simplified
            glyphs |= self.user_variants
            glyphs = _resolve(glyphs)
            pairs = {k: glyphs.get(v, v) for k, v in pairs.items()} | glyphs
        return {ord(k): v for k, v in pairs.items()}


def parse_pairs(lines: list[str], name: str) -> dict[str, str]:
    """``variant<TAB>standard[<TAB>note]`` lines; # comments and blank lines skipped."""
    pairs: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 2 or len(cols[0]) != 1 or len(cols[1].strip()) != 1:
            raise VariantTableError(
                _("Line {number} of {name} must be one character, a tab, one character.").format(
                    number=number, name=name
                ),
                detail=repr(line),
            )
        pairs[cols[0]] = cols[1].strip()
    return pairs


def _resolve(pairs: dict[str, str]) -> dict[str, str]:
    """Follow chains (a user's A→B on top of B→C) to the final form; loops stop."""
    out = {}
    for key in pairs:
        value, seen = pairs[key], {key}
        while value in pairs and value not in seen:
            seen.add(value)
            value = pairs[value]
        if value != key:
            out[key] = value
    return out


def _width_pairs() -> dict[str, str]:
    """Full-width, half-width CJK, vertical and small forms to their plain single mark."""
    ranges = (range(0xFF01, 0xFF5F), range(0xFF61, 0xFF66), range(0xFE10, 0xFE1A))
    pairs = {}
    for code in (c for r in (*ranges, range(0xFE30, 0xFE6C)) for c in r):
        folded = unicodedata.normalize("NFKC", chr(code))
        if len(folded) == 1 and folded != chr(code):  # ︙ → "..." would break 1:1 offsets
            pairs[chr(code)] = folded
    return pairs


def _cjk_compat_pairs() -> dict[str, str]:
    """Compatibility ideographs and Kangxi radicals (PDF text layers use them)."""
    blocks = (range(0xF900, 0xFB00), range(0x2F800, 0x2FA20), range(0x2F00, 0x2FE0))
    pairs = {}
    for code in (c for r in blocks for c in r):
        folded = unicodedata.normalize("NFKC", chr(code))
        if len(folded) == 1 and folded != chr(code) and unicodedata.category(folded) == "Lo":
            pairs[chr(code)] = folded
    return pairs
