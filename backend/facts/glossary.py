"""A document's glossary terms where they occur, and their near-variants (issue 24
point 5).

A term the reviewer added (a name, a place, a company) is a fact of kind GLOSSARY
wherever it stands, labelled with the term itself; a stretch of the same length
one glyph off it (林志朋 for 林志明) is one too, under the same label, so the checks
flag it whatever the pages say. Only terms of three glyphs or more get variants:
two-glyph words one glyph apart are mostly other words (臺北 / 臺中), not
misreadings. A stretch that is itself another glossary term is that term's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache

from backend.facts.keys import fold
from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from backend.review.charclass import HAN, MASK_CHARS

MIN_VARIANT_CHARS = 3
# What the changed glyph may be: a character of a name (Han, a mask's circle, a
# Latin letter or digit of a company's name), never punctuation or a space.
_GLYPH = rf"[{HAN}{''.join(sorted(MASK_CHARS))}A-Za-z0-9０-９Ａ-Ｚａ-ｚ]"
_SAME = {c: "".join(sorted(MASK_CHARS)) for c in MASK_CHARS} | {"臺": "臺台", "台": "臺台"}


def glossary_facts(page: int, text: str, glossary: Sequence[str]) -> Iterator[Fact]:
    """Each occurrence of a glossary term in ``text``, and each near-variant."""
    pattern, terms = _compiled(tuple(glossary))
    for m in pattern.finditer(text):
        term = terms[m.lastgroup or ""]
        key = fold(m[0])
        if key != term and key in terms.values():
            term = key  # another term of the glossary, exactly
        yield Fact(FactKind.GLOSSARY, m[0], page, *m.span(), term, key)


@lru_cache(maxsize=8)
def _compiled(glossary: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One expression for the whole glossary (longest terms first), each term's
    alternatives in a named group, with the term's key by group name."""
    keys = sorted({fold(t) for t in glossary if fold(t)}, key=lambda k: (-len(k), k))
    parts, names = [], {}
    for i, key in enumerate(keys):
        names[f"t{i}"] = key
        chars = [f"[{re.escape(_SAME.get(c, c))}]" for c in key]
        forms = ["".join(chars)]
        if len(key) >= MIN_VARIANT_CHARS:
            forms += ["".join([*chars[:j], _GLYPH, *chars[j + 1 :]]) for j in range(len(key))]
        parts.append(f"(?P<t{i}>{'|'.join(forms)})")
    return re.compile("|".join(parts) or r"(?!)"), names


def glossary_group(term: str, variants: list[FactVariant]) -> FactGroup:
    """A term's group: the term as the reviewer wrote it first, its near-variants
    after it, in conflict (a glossary term's near-variants are always misreadings)."""
    exact = [v for v in variants if v.key == term]
    others = [v for v in variants if v.key != term]
    return FactGroup(FactKind.GLOSSARY, term, (*exact, *others), conflict=bool(others))
