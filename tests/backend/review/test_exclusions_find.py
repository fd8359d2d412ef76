"""The rule table's false friends are found at every place one stands, and only there.

``Exclusions.find`` finds the places in one regular expression (a lookahead, so that
contexts may overlap); it must give what trying every context at every place gives, on
texts made of the table's own contexts, cut and run together.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.review.lexicon import Exclusion, Exclusions
from tests.backend.review.tables import RULES


def _every_place(exclusions: tuple[Exclusion, ...], text: str) -> list[tuple[int, ...]]:
    """Each context tried at each place: the longest first, in the table's order."""
    ordered = sorted(exclusions, key=lambda x: -len(x.before + x.word + x.after))
    found = []
    for pos in range(len(text)):
        for x in ordered:
            whole = x.before + x.word + x.after
            if text.startswith(whole, pos) and not any(
                text.startswith(u, pos + len(whole)) for u in x.unless
            ):
                lo = pos + len(x.before)
                found.append((lo, lo + len(x.word), pos, pos + len(whole)))
    return sorted(found)


_WHOLES = [x.before + x.word + x.after for x in RULES.exclusions]
# A context, a piece of one (its start or its end cut off), one of its ``unless``, or a
# character of the page's usual text.
_PIECES = st.one_of(
    st.sampled_from(_WHOLES),
    st.sampled_from(_WHOLES).map(lambda w: w[1:]),
    st.sampled_from(_WHOLES).map(lambda w: w[:-1]),
    st.sampled_from([u for x in RULES.exclusions for u in x.unless] or ["更"]),
    st.sampled_from(list("應得不之，。\n 1")),
)
_EXCLUSIONS = Exclusions(RULES.exclusions)


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_find_gives_what_every_place_gives(text: str) -> None:
    assert _EXCLUSIONS.find(text).spans == _every_place(RULES.exclusions, text)


def test_overlapping_contexts_are_each_found() -> None:
    table = (Exclusion("", "應變", ""), Exclusion("", "變更", ""), Exclusion("", "應", "變更"))
    # 應變更: 應變 and 應…變更 at 0, 變更 at 1 (inside the first match).
    assert Exclusions(table).find("x應變更").spans == _every_place(table, "x應變更")
    assert [s[2] for s in Exclusions(table).find("x應變更").spans] == [1, 1, 2]
