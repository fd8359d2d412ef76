"""Every word of the legal rule table, changed into every other word of its family.

The pairs are generated from ``resources/legal/critical-terms.tsv`` itself,
read here by a reader of its own (so a loader bug cannot hide a pair), and put
into sentences written for this test. Each change is checked in both
directions, and a word inserted or dropped too. Words that differ only by a
particle (應予 / 應, "compares as") must not be critical; every false friend
the table lists must not fire when a character in or around it is misread.
"""

from __future__ import annotations

from itertools import permutations
from typing import NamedTuple

import fast_diff_match_patch
import pytest

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.values import Flag, FlagKind
from tests.backend.review.tables import OPTIONS, TABLES
from tests.conftest import ROOT

TABLE = ROOT / "resources" / "legal" / "critical-terms.tsv"


class Entry(NamedTuple):
    family: str
    word: str
    meaning: str
    compares_as: str


def read_table() -> list[Entry]:
    entries = []
    for line in TABLE.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("\t")] + ["", "", ""]
        entries.append(Entry(cols[0], cols[1], cols[2], cols[3] or cols[1]))
    return entries


ENTRIES = read_table()


def words(*families: str) -> list[Entry]:
    return [e for e in ENTRIES if e.family in families and "…" not in e.word]


MODAL = words("deontic", "negation")
OUTCOME = words("outcome")
PARTY = words("party")
EXCLUSIONS = [e.word for e in ENTRIES if e.family == "exclude"]

# Sentences of our own: the slot is where the word goes. The characters around
# a slot form no word of the table with any word put there.
MODAL_SENTENCES = ["被告{}於期限內補正。", "甲方{}將本約之權利讓與第三人。", "證人{}出庭作證。"]
OUTCOME_SENTENCES = ["法院判決{}在案。", "經諭知{}確定。"]
PARTY_SENTENCES = ["本件{}主張如下。", "由{}負擔訴訟費用。"]
FAMILIES = [
    ("modal", MODAL, MODAL_SENTENCES, {"modal"}),
    ("outcome", OUTCOME, OUTCOME_SENTENCES, {"outcome", "modal"}),  # 無罪 holds 無
    ("party", PARTY, PARTY_SENTENCES, {"party"}),
]


def review(transcript: str, alternate: str) -> list[Flag]:
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    for flag in flags:
        assert flag.kind is FlagKind.CRITICAL
        assert_sound(flag, transcript, alternate)
    return flags


def assert_sound(flag: Flag, transcript: str, alternate: str) -> None:
    """A replacement, when offered, is the alternate's text and brings the transcript closer."""
    if flag.replacement is None:
        return
    assert flag.alt_start is not None and flag.alt_end is not None
    assert alternate[flag.alt_start : flag.alt_end] == flag.replacement
    accepted = transcript[: flag.start] + flag.replacement + transcript[flag.end :]
    assert distance(accepted, alternate) < distance(transcript, alternate)


def distance(a: str, b: str) -> int:
    return sum(n for op, n in fast_diff_match_patch.diff(a, b, cleanup="Semantic") if op != "=")


def test_the_table_has_every_family_the_review_needs() -> None:
    families = {e.family for e in ENTRIES}
    assert {"deontic", "negation", "outcome", "party", "exclude", "mask-misread"} <= families
    # The words of the brief, each listed (a table that lost one would pass the pair tests).
    listed = {e.word for e in ENTRIES}
    required = (
        "得 應 須 必須 應予 不得 不應 不須 毋須 無須 毋庸 不必 禁止 免 准 准予 不准 得不 應不 "
        "非…不得 宜 可 不 未 非 無 否 勿 駁回 准許 撤銷 維持 有罪 無罪 免訴 不受理 緩刑 沒收 "
        "罰金 有期徒刑 拘役 原告 被告 上訴人 被上訴人 聲請人 相對人 告訴人 抗告人 債權人 "
        "債務人 出租人 承租人 甲方 乙方"
    )
    assert set(required.split()) <= listed


def pair_cases() -> list[tuple[str, str, str, str, set[str]]]:
    """(family, sentence, word, other word, allowed categories) for every ordered pair."""
    cases = []
    for name, entries, sentences, categories in FAMILIES:
        for a, b in permutations(entries, 2):
            for sentence in sentences:
                cases.append((name, sentence, a.word, b.word, categories))
        for e in entries:  # inserted and dropped
            for sentence in sentences:
                cases.append((name, sentence, e.word, "", categories))
                cases.append((name, sentence, "", e.word, categories))
    return cases


def compares_as(word: str, family: str) -> str:
    if not word:
        return ""
    entries = {"modal": MODAL, "outcome": OUTCOME, "party": PARTY}[family]
    return next(e.compares_as for e in entries if e.word == word)


PAIRS = pair_cases()


def test_every_family_yields_pairs() -> None:
    counts = {name: sum(1 for c in PAIRS if c[0] == name) for name, *_ in FAMILIES}
    assert all(n > 100 for n in counts.values()), counts


@pytest.mark.parametrize("family", [name for name, *_ in FAMILIES])
def test_every_change_of_a_word_is_critical_both_ways(family: str) -> None:
    missed, wrong_kind, spurious = [], [], []
    for name, sentence, ours, theirs, categories in PAIRS:
        if name != family:
            continue
        transcript, alternate = sentence.format(ours), sentence.format(theirs)
        at = sentence.index("{}")
        flags = review(transcript, alternate)
        if compares_as(ours, family) == compares_as(theirs, family):
            if flags:  # 應予 / 應: a particle, not another word
                spurious.append((transcript, alternate))
            continue
        here = [f for f in flags if f.start <= at + len(ours) and f.end >= at]
        if not here:
            missed.append((transcript, alternate))
        elif not {f.category for f in here} <= categories:
            wrong_kind.append((transcript, alternate, [f.category for f in here]))
    assert missed == []
    assert wrong_kind == []
    assert spurious == []


def test_words_that_compare_as_another_exist() -> None:
    """應予 compares as 應: the test above checks such pairs are not critical."""
    particles = [e for e in MODAL if e.compares_as != e.word]
    assert particles
    assert all(any(o.word == e.compares_as for o in MODAL) for e in particles)


def test_the_same_force_is_still_critical() -> None:
    """不得 / 不應 and 應 / 須 mean the same and are still another word of the law."""
    same_force = [
        (a.word, b.word)
        for a, b in permutations(MODAL, 2)
        if a.meaning == b.meaning and a.compares_as != b.compares_as
    ]
    assert ("不得", "不應") in same_force and ("應", "須") in same_force
    for a, b in same_force:
        sentence = MODAL_SENTENCES[0]
        flags = review(sentence.format(a), sentence.format(b))
        assert flags, (a, b)
        assert all("same force" in f.detail for f in flags), (a, b, flags)


@pytest.mark.parametrize("construction", [e.word for e in ENTRIES if "…" in e.word])
def test_each_part_of_a_construction_is_checked(construction: str) -> None:
    first, last = construction.split("…")
    sentence = f"{first}經債權人同意，{last}轉讓。"  # 非經債權人同意，不得轉讓。
    for part in (first, last):
        at = sentence.index(part)
        dropped = sentence[:at] + sentence[at + len(part) :]
        for transcript, alternate in ((sentence, dropped), (dropped, sentence)):
            flags = review(transcript, alternate)
            assert any(f.category == "modal" for f in flags), (transcript, alternate)


def exclusion_cases() -> list[tuple[str, str, int, int]]:
    """(transcript, alternate, word start, word end): one character in or around each
    false friend read as 某 by the alternate."""
    cases = []
    for spec in EXCLUSIONS:
        before, rest = spec.split("(")
        word, after = rest.split(")")
        after = after.split("!")[0]  # (應)變!更: what follows is not 更 here
        whole = before + word + after
        sentence = f"查{whole}等情形。"
        start = 1 + len(before)
        for i in range(len(whole)):
            misread = sentence[: 1 + i] + "某" + sentence[2 + i :]
            cases.append((sentence, misread, start, start + len(word)))
            cases.append((misread, sentence, start, start + len(word)))
    return cases


def test_no_false_friend_fires() -> None:
    """反應, 取得, 不動產, 無線, 一般 ...: a misread next to or inside one is a diff,
    never a critical flag on the word the table says is no term there."""
    fired = []
    for transcript, alternate, start, end in exclusion_cases():
        for flag in review(transcript, alternate):
            if flag.start < end and flag.end > start:
                fired.append((transcript, alternate, flag.detail))
    assert fired == []


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [  # the false friends of the brief, in sentences of our own
        ("市場反應冷淡。", "市場反映冷淡。"),
        ("兩者互相對應。", "兩者互相對映。"),
        ("為因應物價上漲。", "為因映物價上漲。"),
        ("買受人取得所有權。", "買受人取待所有權。"),
        ("原告獲得賠償。", "原告獲待賠償。"),
        ("申報綜合所得稅。", "申報綜合所待稅。"),
        ("出售不動產一筆。", "出售不動彥一筆。"),
        ("架設無線基地台。", "架設無緣基地台。"),
        ("一般社會通念。", "一船社會通念。"),
    ],
)
def test_the_false_friends_of_the_brief_do_not_fire(transcript: str, alternate: str) -> None:
    assert review(transcript, alternate) == []
    assert review(alternate, transcript) == []
