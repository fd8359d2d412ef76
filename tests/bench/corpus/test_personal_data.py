"""The publish bench's judgments (bench/corpus/personal_data.py): every seeded span
and decoy is where the record says, every kind of personal data is seeded, the
identity numbers carry valid check digits, and the same person is masked in the
source on some pages and written in full on others."""

from __future__ import annotations

import itertools
import random
import unicodedata
from collections import Counter

import pytest

from backend.publish.model import PersonalKind
from bench.corpus import personal_values as pv
from bench.corpus.personal_data import DECOY_KINDS, PublishFile, identifying, publish_file

SEEDS = range(6000, 6012)  # the bench's tuning range


@pytest.fixture(scope="module")
def files() -> list[PublishFile]:
    return [publish_file(seed) for seed in SEEDS]


def test_every_seeded_span_and_decoy_is_where_its_record_says(files: list[PublishFile]) -> None:
    for doc in files:
        assert doc == publish_file(doc.seed)  # the seed decides it
        for s in doc.seeded:
            assert doc.pages[s.page][s.start : s.end] == s.text and s.text
        for d in doc.decoys:
            assert doc.pages[d.page][d.start : d.end] == d.text and d.kind in DECOY_KINDS
        spans = sorted((x.page, x.start, x.end) for x in (*doc.seeded, *doc.decoys))
        for (p1, _, e1), (p2, s2, _) in itertools.pairwise(spans):
            assert p1 != p2 or e1 <= s2  # nothing recorded twice, nothing overlapping


def test_every_kind_is_seeded_with_something_to_mask_and_every_decoy_kind_made(
    files: list[PublishFile],
) -> None:
    kinds = Counter(s.kind for doc in files for s in doc.seeded if identifying(s))
    assert set(kinds) == set(PersonalKind) and min(kinds.values()) >= 5
    decoys = Counter(d.kind for doc in files for d in doc.decoys)
    assert set(decoys) == set(DECOY_KINDS)
    pages = Counter(s.page > 0 for doc in files for s in doc.seeded)
    assert pages[True] > pages[False] > 0  # on page one's party lines and beyond


def test_identity_numbers_carry_their_check_digit(files: list[PublishFile]) -> None:
    assert pv.is_valid_id("A123456789") and pv.is_valid_id("A800000014")  # MOI's examples
    assert pv.is_valid_id("AC01234567")  # the old resident format
    assert not pv.is_valid_id("A123456788") and not pv.is_valid_id("A800000015")
    ids = [
        unicodedata.normalize("NFKC", s.text.replace("\n", ""))
        for doc in files
        for s in doc.seeded
        if s.kind in (PersonalKind.NATIONAL_ID, PersonalKind.RESIDENT_ID)
    ]
    assert len(ids) > 20 and all(pv.is_valid_id(n) for n in ids)
    assert any(n[1] in "89" for n in ids) and any(n[1] in "ABCD" for n in ids)
    assert any(n[1] in "12" for n in ids)
    rng = random.Random(1)
    for _ in range(200):  # the check digit is the only one that fits
        n = rng.choice((pv.national_id, pv.resident_id))(rng)
        assert [d for d in "0123456789" if pv.is_valid_id(n[:9] + d)] == [n[9]]


def test_phones_and_plates_come_in_the_forms_people_write(files: list[PublishFile]) -> None:
    texts = [s.text for doc in files for s in doc.seeded]
    phones = [
        t for doc in files for s in doc.seeded if s.kind is PersonalKind.PHONE for t in [s.text]
    ]
    assert any(t.startswith("09") and "-" in t for t in phones)
    assert any(t.startswith("+886") for t in phones) and any(t.startswith("(0") for t in phones)
    assert any("０" in t for t in texts)  # full width now and then
    rng = random.Random(2)
    plates = {pv.plate(rng) for _ in range(200)}
    assert all("I" not in p and "O" not in p for p in plates)
    assert {len(p.split("-")[0]) for p in plates} >= {2, 3, 4}


def test_a_person_masked_in_the_source_on_some_pages_is_written_in_full_on_others(
    files: list[PublishFile],
) -> None:
    both = 0
    for doc in files:
        forms: dict[str, set[bool]] = {}
        for s in doc.seeded:
            if s.kind is PersonalKind.PERSON:
                text = s.text.replace("\n", "")  # a scan's line end may break it
                forms.setdefault(s.key, set()).add(text == s.key)
                assert text == s.key or text == s.key[: s.keep] + "○○"
                glyphs = [i for i, c in enumerate(s.text) if c != "\n"]
                given = glyphs[s.keep :]  # a line end inside the surname (歐\n陽) is no glyph
                assert identifying(s) == (given if text == s.key else [])
        both += sum(f == {True, False} for f in forms.values())
    assert both >= 3


def test_names_of_officials_and_counsel_are_not_the_parties(files: list[PublishFile]) -> None:
    for doc in files:
        persons = {s.key for s in doc.seeded if s.kind is PersonalKind.PERSON}
        kept = {d.text for d in doc.decoys if d.kind in ("official", "counsel")}
        assert kept and not any(a in b or b in a for a in persons for b in kept)


def test_half_the_files_have_the_scans_lines_which_break_names_and_numbers(
    files: list[PublishFile],
) -> None:
    wrapped = [d for d in files if max(len(x) for p in d.pages for x in p.split("\n")) <= 40]
    assert 0 < len(wrapped) < len(files)
    broken = Counter(s.kind for d in wrapped for s in d.seeded if "\n" in s.text)
    assert broken[PersonalKind.PERSON] > 0 and broken[PersonalKind.ADDRESS] > 0
    for doc in wrapped:  # wrapping moved the records with the text, and lost none
        plain = publish_file(doc.seed)
        assert len(plain.seeded) == len(doc.seeded)
        for s in doc.seeded:
            assert doc.pages[s.page][s.start : s.end] == s.text
            assert s.text.strip("\n") == s.text  # a line end inside, never at an edge
