"""The publish bench's scoring (bench/publish.py) with hand-made findings, not the
detector: a masked span counts as caught, an unmasked one as missed, a masked decoy
as broken, and a person counts as masked alike only when every occurrence is."""

from __future__ import annotations

from backend.publish import mask_pages
from backend.publish.model import Finding, PersonalKind
from bench.corpus.personal_data import PublishFile, Seeded, identifying, publish_file
from bench.publish import Tally, align, score


def _finding(s: Seeded) -> Finding:
    return Finding(s.kind, s.page, s.start, s.end, s.text, s.key)


def _scored(doc: PublishFile, findings: list[Finding]) -> Tally:
    tally = Tally()
    score(doc, mask_pages(list(doc.pages), findings), tally)
    return tally


def test_masked_spans_are_caught_and_unmasked_ones_missed() -> None:
    doc = publish_file(6006)  # a double surname among its persons
    # lines as written: a line end inside a double surname (歐\n陽佩珊) masks it as
    # 歐○○ beside 歐陽○○ elsewhere, which is mask.py's to settle, not the scorer's
    assert not any("\n" in s.text for s in doc.seeded)
    nothing = _scored(doc, [])
    assert sum(nothing.seeded.values()) > 50 and not nothing.caught
    # Only a person the source masks wherever it names them is alike with nothing masked
    # (a witness named once, masked: 6006 has one since personal_others).
    occurrences: dict[str, list[bool]] = {}
    for s in doc.seeded:
        if s.kind is PersonalKind.PERSON:
            occurrences.setdefault(s.key, []).append(not identifying(s))
    masked_already = sum(all(masked) for masked in occurrences.values())
    assert nothing.precision() == 1.0 and nothing.consistent == masked_already
    everything = _scored(doc, [_finding(s) for s in doc.seeded])
    assert everything.caught == everything.seeded == nothing.seeded
    assert everything.precision() == 1.0 and everything.consistent == everything.persons > 0
    half = [s for i, s in enumerate(doc.seeded) if i % 2 == 0]
    some = _scored(doc, [_finding(s) for s in half])
    assert 0 < sum(some.caught.values()) < sum(some.seeded.values())
    for kind in PersonalKind:
        # the spans masked are counted caught; an already-masked 林○○ counts for neither
        with_ident = [s for s in half if s.kind is kind and identifying(s)]
        assert some.caught[kind.value] == len(with_ident)


def test_a_mask_that_leaves_one_identifying_character_is_a_miss() -> None:
    doc = publish_file(6004)
    s = next(x for x in doc.seeded if x.kind is PersonalKind.PHONE)
    short = Finding(s.kind, s.page, s.start, s.end - 1, s.text[:-1], s.key)  # last digit left
    tally = _scored(doc, [short])
    assert tally.caught["phone"] == 0 and "phone" in tally.missed


def test_a_masked_decoy_is_broken_and_an_uneven_person_is_not_alike() -> None:
    doc = publish_file(6005)
    decoy = next(d for d in doc.decoys if d.kind == "official")
    judge = Finding(PersonalKind.PERSON, decoy.page, decoy.start, decoy.end, decoy.text, "x")
    persons = [s for s in doc.seeded if s.kind is PersonalKind.PERSON]
    one = persons[0].key
    occurrences = [s for s in persons if s.key == one and s.text == one]
    findings = [_finding(s) for s in persons if s is not occurrences[-1]]
    tally = _scored(doc, [*findings, judge])
    assert tally.intact["official"] == tally.decoys["official"] - 1
    assert "official" in tally.broken and tally.precision() < 1.0
    assert tally.consistent == tally.persons - 1 and one in "".join(tally.uneven)


def test_alignment_follows_a_mask_that_changes_length_or_swallows_a_line_end() -> None:
    a = align("原告林明主張\n被告", "原告林○○主張\n被告")
    assert a.kept == [True, True, True, False, True, True, True, True, True]
    assert (a.lo[3], a.hi[3]) == (3, 5) and (a.lo[4], a.hi[4]) == (5, 6)
    b = align("住臺北\n市大安區。", "住○○○○○○○。")
    assert b.kept == [True] + [False] * 7 + [True] and (b.lo[3], b.hi[3]) == (1, 8)


def test_spans_a_scans_line_end_breaks_are_counted_apart_and_caught_when_masked() -> None:
    doc = publish_file(6003)  # its lines are the scan's
    across = [s for s in doc.seeded if "\n" in s.text and identifying(s)]
    assert across
    nothing, everything = _scored(doc, []), _scored(doc, [_finding(s) for s in doc.seeded])
    assert sum(nothing.across.values()) == len(across) and not nothing.across_caught
    assert everything.across_caught == everything.across == nothing.across
