"""The legal-critical rule table (``resources/legal/critical-terms.tsv``), parsed and checked.

Which words flip the law (得/應/不得, 駁回/准許, 原告/被告) and which look-alike
words do not (反應, 取得, 不動產) is legal knowledge, so it lives in a table a
legal user can extend, not in code. This module owns parsing that table and
refusing a malformed line with a message that names it.
The session reads the file (``backend.session.review_tables``, again only when
it changes on disk) and hands the rules in, inside ``ReviewTables``.
Matching the words in a text is ``lexicon``'s; what a change means is
``legal_terms``'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.review.lexicon import Excluded, Exclusion, Exclusions, Lexicon, Word

MODAL_FAMILIES = ("deontic", "negation")  # one family to the reviewer: "modal word"
WORD_FAMILIES = ("outcome", "party")
_WORDED = (*MODAL_FAMILIES, *WORD_FAMILIES)
FAMILIES = (*_WORDED, "exclude", "mask-misread")
CONSTRUCTION = "…"  # 非…不得: parts checked where each stands
_EXCLUSION = re.compile(
    r"^(?P<before>[^()!]*)\((?P<word>[^()!]+)\)(?P<after>[^()!]*)(?P<unless>(?:![^()!]+)*)$"
)


class LegalRulesError(ProofDeskError):
    """The legal-critical rule table cannot be read or has a malformed line."""


@dataclass(frozen=True, eq=False)  # one object per stamp: compared and hashed by identity
class LegalRules:
    words: tuple[Word, ...]  # every word of the worded families
    constructions: tuple[Word, ...]  # 非…不得, for the tests and the reader
    exclusions: tuple[Exclusion, ...]
    mask_misreads: frozenset[str]  # read in place of a ○ mask: a seal, 。, 0 ...
    stamp: tuple[object, ...] = ()
    modal: Lexicon = field(init=False, repr=False)
    worded: Lexicon = field(init=False, repr=False)  # outcome and party words
    _exclusions: Exclusions = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Built once per table: a regular expression a family, and one for the exclusions.
        modal = [w for w in self.words if w.family in MODAL_FAMILIES]
        worded = [w for w in self.words if w.family in WORD_FAMILIES]
        object.__setattr__(self, "modal", Lexicon(modal, spaced=False))
        object.__setattr__(self, "worded", Lexicon(worded, spaced=True))
        object.__setattr__(self, "_exclusions", Exclusions(self.exclusions))

    def excluded(self, text: str) -> Excluded:
        """Where false friends stand in ``text``: no term starts inside one."""
        return self._exclusions.find(text)


def parse_rules(lines: list[str], name: str, stamp: tuple[object, ...] = ()) -> LegalRules:
    """The rules in ``lines`` (the table's format, see resources/legal/README.md)."""
    words: dict[str, Word] = {}
    wanted: list[tuple[int, Word]] = []  # (line, word): its "compares as" is checked at the end
    constructions: list[tuple[int, Word]] = []
    exclusions: list[Exclusion] = []
    misreads: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("\t")]
        family, text = cols[0], cols[1] if len(cols) > 1 else ""
        meaning = cols[2] if len(cols) > 2 else ""
        where = _("Line {number} of {name}").format(number=number, name=name)
        if family not in FAMILIES:
            raise _bad(
                _("{where}: unknown family {family!r} (one of {join}).").format(
                    where=where, family=family, join=", ".join(FAMILIES)
                ),
                line,
            )
        if not text or any(c.isspace() for c in text):
            raise _bad(
                _("{where}: the word (second column) is missing or has spaces.").format(
                    where=where
                ),
                line,
            )
        if family == "exclude":
            m = _EXCLUSION.match(text)
            if m is None:
                raise _bad(
                    _("{where}: an exclusion is written before(word)after[!unless].").format(
                        where=where
                    ),
                    line,
                )
            unless = tuple(u for u in m["unless"].split("!") if u)
            exclusions.append(Exclusion(m["before"], m["word"], m["after"], unless))
            continue
        if family == "mask-misread":
            if len(text) != 1:
                raise _bad(
                    _("{where}: a mask misreading is one character.").format(where=where), line
                )
            misreads.add(text)
            continue
        if not meaning:
            raise _bad(
                _("{where}: the meaning (third column) is missing.").format(where=where), line
            )
        word = Word(text, family, meaning, cols[3] if len(cols) > 3 and cols[3] else text)
        if CONSTRUCTION in text:
            constructions.append((number, word))
            continue
        if text in words:
            raise _bad(_("{where}: {text} is listed twice.").format(where=where, text=text), line)
        words[text] = word
        if word.compares_as != text:
            wanted.append((number, word))
    for number, word in wanted:
        base = words.get(word.compares_as)
        if base is None or _group(base.family) != _group(word.family):
            raise _bad(
                _(
                    "Line {number} of {name}: {text} compares as {compares_as}, which must "
                    "be listed in the same family."
                ).format(number=number, name=name, text=word.text, compares_as=word.compares_as),
                word.text,
            )
    for number, word in constructions:
        parts = [p for p in word.text.split(CONSTRUCTION) if p]
        missing = [p for p in parts if p not in words]
        if len(parts) < 2 or missing:
            raise _bad(
                _("Line {number} of {name}: each part of {text} must be listed on its own.").format(
                    number=number, name=name, text=word.text
                ),
                ", ".join(missing),
            )
    return LegalRules(
        tuple(words.values()),
        tuple(w for _unused, w in constructions),
        tuple(exclusions),
        frozenset(misreads),
        stamp,
    )


def _group(family: str) -> str:
    return "modal" if family in MODAL_FAMILIES else family


def _bad(message: str, line: str) -> LegalRulesError:
    return LegalRulesError(message, detail=repr(line))
