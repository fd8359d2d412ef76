"""The reviewer's decisions (``backend.publish.decisions``): which one is in force, what
they ask of detection, and marks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from backend.publish import find_personal_data
from backend.publish.decisions import (
    Decision,
    PublishDecision,
    Scope,
    extra_names,
    marks,
    masked_findings,
    occurrence_of,
    place_decision,
    review,
    where,
)
from backend.publish.model import Finding, PersonalKind
from tests.properties import examples

PAGES = [
    "原　　告　林志明\n被　　告　陳美玲\n",
    "原告林志明主張：陳美玲應給付。林志明另稱…電話0912-345-678",
]


def decided(pages: list[str], decisions: list[PublishDecision]) -> list[tuple[int, str, object]]:
    found = find_personal_data(pages, extra_names(decisions)) + marks(pages, decisions)
    return [(r.finding.page, r.finding.text, r.decision) for r in review(pages, found, decisions)]


def test_unreviewed_until_decided_and_a_place_wins_over_every_occurrence() -> None:
    assert all(d is None for _, _, d in decided(PAGES, []))
    lin = next(f for f in find_personal_data(PAGES) if f.text == "林志明" and f.page == 1)
    every = PublishDecision(PersonalKind.PERSON, "林志明", Decision.ACCEPT, Scope.ALL)
    here = place_decision(lin, PAGES[1], Decision.SKIP)
    result = decided(PAGES, [every, here])
    assert [d for p, t, d in result if t == "林志明"] == [
        Decision.ACCEPT,  # page 0
        Decision.SKIP,  # page 1, the first 林志明: the place's decision
        Decision.ACCEPT,  # page 1, the second
    ]
    assert [d for _, t, d in result if t == "陳美玲"] == [None, None]


def test_the_latest_decision_about_a_slot_is_in_force() -> None:
    accept = PublishDecision(PersonalKind.PERSON, "陳美玲", Decision.ACCEPT, Scope.ALL)
    skip = PublishDecision(PersonalKind.PERSON, "陳美玲", Decision.SKIP, Scope.ALL)
    assert {d for _, t, d in decided(PAGES, [accept, skip]) if t == "陳美玲"} == {Decision.SKIP}
    assert {d for _, t, d in decided(PAGES, [skip, accept]) if t == "陳美玲"} == {Decision.ACCEPT}


def test_a_place_decision_follows_its_finding_when_text_before_it_changes() -> None:
    lin = next(f for f in find_personal_data(PAGES) if f.text == "林志明" and f.page == 1)
    skip = place_decision(lin, PAGES[1], Decision.SKIP)
    edited = [PAGES[0], "前言。" + PAGES[1]]  # offsets move; the occurrence does not
    result = [(t, d) for p, t, d in decided(edited, [skip]) if p == 1 and t == "林志明"]
    assert result == [("林志明", Decision.SKIP), ("林志明", None)]


def test_a_name_marked_everywhere_is_looked_for_and_one_skipped_everywhere_shown_kept() -> None:
    pages = [*PAGES, "證人李四海到庭，李四海證稱…"]
    mark = PublishDecision(PersonalKind.PERSON, "李四海", Decision.MARK, Scope.ALL, text="李四海")
    keep = PublishDecision(PersonalKind.PERSON, "陳美玲", Decision.SKIP, Scope.ALL, text="陳美玲")
    result = decided(pages, [mark, keep])
    assert [(p, d) for p, t, d in result if t == "李四海"] == [(2, Decision.ACCEPT)] * 2
    assert [d for _, t, d in result if t == "陳美玲"] == [Decision.SKIP] * 2


def test_marks_of_a_place_and_of_every_occurrence_of_a_number() -> None:
    pages = ["案號A-77，另見A-77", "仍見A-77"]
    place = PublishDecision(
        PersonalKind.PLATE, "A77", Decision.MARK, Scope.PLACE, page=0, text="A-77", occurrence=1
    )
    assert [(f.page, f.start) for f in marks(pages, [place])] == [(0, 9)]
    every = PublishDecision(PersonalKind.PLATE, "A77", Decision.MARK, Scope.ALL, text="A-77")
    assert [(f.page, f.start) for f in marks(pages, [every])] == [(0, 2), (0, 9), (1, 2)]
    gone = PublishDecision(
        PersonalKind.PLATE, "A77", Decision.MARK, Scope.PLACE, page=1, text="A-77", occurrence=5
    )
    assert marks(pages, [gone]) == []  # no sixth occurrence left: nothing to mask


def test_only_skipped_findings_are_left_unmasked() -> None:
    found = find_personal_data(PAGES)
    phone = next(f for f in found if f.kind is PersonalKind.PHONE)
    skip = place_decision(phone, PAGES[1], Decision.SKIP)
    masked = masked_findings(review(PAGES, found, [skip]))
    assert phone not in masked and len(masked) == len(found) - 1


@examples(60)
@given(
    before=st.text("甲乙 。林", max_size=8),
    between=st.text("甲乙 。", max_size=8),
    n=st.integers(1, 4),
)
def test_occurrence_counts_the_same_text_before_it(before: str, between: str, n: int) -> None:
    text = before + ("林志明" + between) * n
    starts = [i for i in range(len(text)) if text.startswith("林志明", i)]
    assert [occurrence_of(text, s, "林志明") for s in starts] == list(range(len(starts)))


def test_a_decision_row_round_trips() -> None:
    d = PublishDecision(
        PersonalKind.ADDRESS, "k", Decision.SKIP, Scope.PLACE, 3, "t", 2, "ana", 5.0
    )
    assert PublishDecision.from_row(d.to_row()) == d
    f = Finding(PersonalKind.EMAIL, 0, 0, 1, "a", "a")
    assert place_decision(f, "a", Decision.ACCEPT).occurrence == 0


def test_a_place_mark_stays_on_its_text_when_an_edit_adds_the_same_text_before_it() -> None:
    # Review V, item 5: a mark on 美玲 (…美玲當時…) moved into 林美玲 after an OCR fix
    # earlier on the page (林美鈴 -> 林美玲) made a new first 美玲, and 美玲當時 was left.
    before = "證人林美鈴稱，美玲當時在場。"
    at = before.index("美玲")
    mark = place_decision(
        Finding(PersonalKind.PERSON, 0, at, at + 2, "美玲", "美玲", "marked"),
        before,
        Decision.MARK,
    )
    after = "證人林美玲稱，美玲當時在場。"
    (found,) = marks([after], [mark])
    assert after[found.start : found.end + 2] == "美玲當時"
    assert where(after, mark) == after.index("美玲當時")
    assert where("全部刪除了", mark) is None  # its text gone: nothing to mask


def test_a_decision_made_before_context_was_kept_still_goes_by_count() -> None:
    old = PublishDecision(
        PersonalKind.PERSON, "美玲", Decision.MARK, Scope.PLACE, 0, "美玲", occurrence=1
    )
    assert where("美玲與美玲", old) == 3
