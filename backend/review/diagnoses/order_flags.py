"""Critical words in text the transcript put out of the page's order.

A date line read at the top of a judgment instead of under it, an amount's sentence
moved among others: the reading-order diagnosis says the page's order was not kept,
but the words it moved are the document's (a date, an amount, a party), and where
they stand is part of what they say. So each such stretch holding critical words is
a critical item twice: on the moved text, and where the page has it (zero-width, as
an omission is), for the person to check where it belongs. Stretches of columns read
across have no one place on the page: the diagnosis alone names them.
"""

from __future__ import annotations

from backend.i18n import _, list_join
from backend.review.diagnoses.base import PageEvidence
from backend.review.diagnoses.reading_order import moves
from backend.review.diagnoses.shared import excerpt
from backend.review.legal_rules import LegalRules
from backend.review.term_extract import extract_terms, extract_word_terms
from backend.review.values import Flag, FlagKind

NAMED = 4  # critical terms a moved line's flag names


def moved_flags(evidence: PageEvidence, rules: LegalRules) -> list[Flag]:
    """Two CRITICAL flags for each stretch moved out of the page's order that holds
    critical words (a date, an amount, a party): on it, and where the page has it. The
    person must check where it belongs; the diagnosis alone says only that it moved."""
    out: list[Flag] = []
    text = evidence.transcript
    for move in moves(evidence):
        d = move.diagnosis
        if move.at is None:
            continue
        piece = text[d.start : d.end]
        terms = sorted(
            [*extract_terms(piece, rules), *extract_word_terms(piece, rules)],
            key=lambda t: t.start,
        )
        if not terms:
            continue
        named = list_join(t.text for t in terms[:NAMED])
        kind = terms[0].kind
        said = _("{terms}: out of the page's order; the page has this line elsewhere").format(
            terms=named
        )
        out.append(Flag(d.start, d.end, FlagKind.CRITICAL, said, category=kind))
        there = _("the page has “{text}” here; the transcript has it out of order").format(
            text=excerpt(piece, 16)
        )
        out.append(Flag(move.at, move.at, FlagKind.CRITICAL, there, category=kind))
    return out
