"""Find & replace across the document (issue 24 point 4) on a real SQLite store: the
preview's matches and context, the folds, a regex's groups, and what applying writes."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from backend.models import ReviewStatus, VersionKind
from backend.session.replace import (
    CONTEXT,
    ReplaceMatch,
    ReplacePatternError,
    ReplaceQuery,
    SkipReason,
    apply_matches,
    find_matches,
    text_hash,
)
from backend.store.review_store import ReviewStore

PARTIES = "原告林ＯＯ\n被告某某股份有限公司\n法定代理人林ＯＯ"


@pytest.fixture
def store(tmp_path: Path) -> ReviewStore:
    s = ReviewStore(tmp_path / "review.db", author="rita")
    s.add_version(0, VersionKind.OCR, PARTIES, {"engine": "vllm"})
    s.add_version(1, VersionKind.OCR, "理由：林OO主張", {"engine": "vllm"})
    s.add_version(2, VersionKind.OCR, "無此人", {"engine": "vllm"})
    return s


def test_the_preview_lists_every_match_with_one_line_of_context(store: ReviewStore) -> None:
    matches = find_matches(store, 3, ReplaceQuery("林ＯＯ", "林○○"))
    assert [(m.page, m.start, m.end) for m in matches] == [(0, 2, 5), (0, 22, 25)]
    first, second = matches
    assert first.found == "林ＯＯ" and first.replacement == "林○○"
    assert (first.before, first.after) == ("原告", " 被告某某股份有限公司 法定代理人林ＯＯ")
    assert "\n" not in second.before and len(second.before) == CONTEXT
    assert first.text_hash == text_hash(PARTIES)
    assert not first.approved and first.claimed_by is None


def test_the_context_is_one_line_whatever_breaks_the_page_has(tmp_path: Path) -> None:
    s = ReviewStore(tmp_path / "r.db", author="rita")
    s.add_version(0, VersionKind.OCR, "原告\r\n林ＯＯ\u2028主張\r理由\x85")
    (match,) = find_matches(s, 1, ReplaceQuery("林ＯＯ", "林○○"))
    assert (match.before, match.after) == ("原告 ", " 主張 理由 ")


def test_pages_limit_the_search(store: ReviewStore) -> None:
    query = ReplaceQuery("林", "王", pages=(1, 2, 99))  # a page past the end is no page
    assert [m.page for m in find_matches(store, 3, query)] == [1]


def test_normalised_matching_folds_width_and_reports_the_pages_own_text(
    store: ReviewStore,
) -> None:
    plain = find_matches(store, 3, ReplaceQuery("林ＯＯ", "林○○"))
    folded = find_matches(store, 3, ReplaceQuery("林ＯＯ", "林○○", normalised=True))
    assert len(plain) == 2 and len(folded) == 3
    half = folded[-1]
    assert (half.page, half.start, half.end, half.found) == (1, 3, 6, "林OO")


def test_normalised_matching_folds_variant_glyphs(tmp_path: Path) -> None:
    s = ReviewStore(tmp_path / "r.db", author="rita")
    s.add_version(0, VersionKind.OCR, "應爲給付，應為給付")
    found = find_matches(s, 1, ReplaceQuery("應為", "應為", normalised=True))
    assert [m.found for m in found] == ["應爲", "應為"]


def test_a_regex_expands_its_groups_from_the_pages_own_text(store: ReviewStore) -> None:
    query = ReplaceQuery(r"林(.)(.)", r"林\2\g<1>!", regex=True, normalised=True)
    matches = find_matches(store, 3, query)
    assert [m.replacement for m in matches] == ["林ＯＯ!", "林ＯＯ!", "林OO!"]


def test_a_regex_with_a_line_break_escape_in_the_replacement(store: ReviewStore) -> None:
    matches = find_matches(store, 3, ReplaceQuery(r"理由：", r"理由\n", regex=True))
    assert [m.replacement for m in matches] == ["理由\n"]


def test_case_folding_is_asked_for(tmp_path: Path) -> None:
    s = ReviewStore(tmp_path / "r.db", author="rita")
    s.add_version(0, VersionKind.OCR, "Exhibit A, exhibit B")
    assert len(find_matches(s, 1, ReplaceQuery("exhibit", "附件"))) == 1
    assert len(find_matches(s, 1, ReplaceQuery("exhibit", "附件", case_sensitive=False))) == 2


@pytest.mark.parametrize(
    ("query", "words"),
    [
        (ReplaceQuery("林(", "x", regex=True), "林("),
        (ReplaceQuery("林(.)", r"\2", regex=True), "group 2"),
        (ReplaceQuery("林(.)", r"\g<name>", regex=True), "group name"),
        (ReplaceQuery("林", r"\q", regex=True), r"\q"),
        (ReplaceQuery("", "x"), "empty"),
        # What re raises besides re.error: an internal error before (exit 70 in the CLI).
        (ReplaceQuery("(" * 2000 + ")" * 2000, "x", regex=True), "recursion"),
        (ReplaceQuery("林{99999999999}", "x", regex=True), "repetition"),
        (ReplaceQuery("(林)", "\\g<" + "9" * 5000 + ">", regex=True), "group 99999"),
        (ReplaceQuery("(林)", r"\g<²>", regex=True), "group ²"),
    ],
)
def test_a_bad_pattern_is_a_clear_error(
    store: ReviewStore, query: ReplaceQuery, words: str
) -> None:
    with pytest.raises(ReplacePatternError, match=re.escape(words)):
        find_matches(store, 3, query)


def test_a_pattern_matching_nothing_everywhere_replaces_nothing(store: ReviewStore) -> None:
    assert find_matches(store, 3, ReplaceQuery("x*", "y", regex=True)) == []


def test_a_literal_find_is_no_regex(store: ReviewStore) -> None:
    s = store
    s.add_version(3, VersionKind.OCR, "第(一)項 第一項")
    matches = find_matches(s, 4, ReplaceQuery("(一)", r"\1"))
    assert [(m.found, m.replacement) for m in matches] == [("(一)", r"\1")]


def test_apply_writes_one_edit_version_per_page_with_its_provenance(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林○○", normalised=True)
    before = {p: len(store.versions(p)) for p in range(3)}
    outcome = apply_matches(store, find_matches(store, 3, query), query)
    assert outcome.changed_pages == {0, 1} and outcome.replaced == 3 and not outcome.skipped
    assert {p: len(store.versions(p)) - before[p] for p in range(3)} == {0: 1, 1: 1, 2: 0}
    version = store.current_version(0)
    assert version is not None and version.id == outcome.changed[0]
    assert version.kind is VersionKind.EDIT
    assert version.text == "原告林○○\n被告某某股份有限公司\n法定代理人林○○"
    assert store.working_text(1) == "理由：林○○主張"
    assert version.provenance["note"] == "replace 林ＯＯ → 林○○, matches: 2"
    assert version.provenance["replace"]["matches"] == 2
    assert outcome.change.pages == {0, 1} and outcome.change.text


def test_restoring_the_version_before_undoes_it(store: ReviewStore) -> None:
    old = store.current_version(0)
    query = ReplaceQuery("林ＯＯ", "林○○")
    apply_matches(store, find_matches(store, 3, query), query)
    assert old is not None
    store.restore(old.id)
    assert store.working_text(0) == PARTIES


def test_accepting_one_match_replaces_only_it(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林○○")
    _first, second = find_matches(store, 3, query)
    outcome = apply_matches(store, [second], query)
    assert outcome.replaced == 1
    assert store.working_text(0) == "原告林ＯＯ\n被告某某股份有限公司\n法定代理人林○○"


def test_overlapping_matches_the_first_wins(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林○○")
    name = find_matches(store, 3, query)[0]
    overlapping = find_matches(store, 3, ReplaceQuery("ＯＯ\n被告", "X"))[0]
    assert overlapping.start < name.end  # the two overlap
    outcome = apply_matches(store, [overlapping, name], query)
    assert outcome.replaced == 1
    assert store.working_text(0).startswith("原告林○○\n被告")


def test_an_approved_page_is_skipped_unless_allowed(store: ReviewStore) -> None:
    store.set_status(0, ReviewStatus.APPROVED)
    query = ReplaceQuery("林ＯＯ", "林○○", normalised=True)
    matches = find_matches(store, 3, query)
    assert [m.approved for m in matches] == [True, True, False]
    outcome = apply_matches(store, matches, query)
    assert outcome.skipped == {0: SkipReason.APPROVED} and outcome.changed_pages == {1}
    assert store.working_text(0) == PARTIES and store.status(0) is ReviewStatus.APPROVED
    again = apply_matches(store, matches[:2], query, allow_approved=True)
    assert again.changed_pages == {0}
    assert store.status(0) is ReviewStatus.IN_PROGRESS  # new text: the approval is taken back


def test_a_page_changed_since_the_preview_is_skipped_whole(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林○○")
    matches = find_matches(store, 3, query)
    store.add_version(0, VersionKind.EDIT, PARTIES + "\n林ＯＯ")  # someone else's save
    outcome = apply_matches(store, matches, query)
    assert outcome.skipped == {0: SkipReason.CHANGED} and not outcome.changed
    assert store.working_text(0) == PARTIES + "\n林ＯＯ"


def test_matches_found_in_two_texts_of_one_page_are_refused(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林○○")
    first, second = find_matches(store, 3, query)
    stale = ReplaceMatch(**{**second.__dict__, "text_hash": text_hash("older")})
    assert apply_matches(store, [first, stale], query).skipped == {0: SkipReason.CHANGED}


def test_typing_not_yet_saved_is_kept_as_its_own_version_first(store: ReviewStore) -> None:
    typed = PARTIES + "\n（typed）"
    store.save_draft(0, typed)
    query = ReplaceQuery("林ＯＯ", "林○○")
    matches = find_matches(store, 3, query)  # in the draft: the editor's text
    assert matches[0].text_hash == text_hash(typed)
    outcome = apply_matches(store, matches, query)
    versions = store.versions(0)
    assert [v.text for v in versions[-2:]] == [typed, typed.replace("林ＯＯ", "林○○")]
    assert versions[-1].id == outcome.changed[0] and store.draft(0) is None
    store.restore(versions[-2].id)  # the version before the replacement: the typing
    assert store.working_text(0) == typed


def test_replacing_a_match_by_itself_writes_nothing(store: ReviewStore) -> None:
    query = ReplaceQuery("林ＯＯ", "林ＯＯ")
    outcome = apply_matches(store, find_matches(store, 3, query), query)
    assert not outcome.changed and not outcome.skipped and outcome.replaced == 0
    assert len(store.versions(0)) == 1


def test_a_normalised_regex_folds_its_literal_ascii_as_the_page_is_folded(
    tmp_path: Path,
) -> None:
    # The folds turn ASCII ' [ ] into " ( ): a literal one in the pattern, quoted or
    # escaped, must be folded too, or it could never match the folded page.
    s = ReviewStore(tmp_path / "r.db", author="rita")
    s.add_version(0, VersionKind.OCR, "'林' 「林」 [1] 〔2〕")
    quoted = find_matches(s, 1, ReplaceQuery("'(.)'", r"「\1」", regex=True, normalised=True))
    assert [(m.found, m.replacement) for m in quoted] == [("'林'", "「林」"), ("「林」", "「林」")]
    escaped = find_matches(s, 1, ReplaceQuery(r"\[(\d)\]", r"(\1)", regex=True, normalised=True))
    assert [m.found for m in escaped] == ["[1]", "〔2〕"]
    in_class = find_matches(s, 1, ReplaceQuery("[林]", "x", regex=True, normalised=True))
    assert [m.found for m in in_class] == ["林", "林"]  # a class stays a class
    s.add_version(1, VersionKind.OCR, "b-")
    dash = find_matches(s, 2, ReplaceQuery(r"[a\-c]", "x", regex=True, normalised=True))
    assert [m.found for m in dash] == ["-"]  # an escaped dash in a class stays a dash


@pytest.mark.parametrize(
    ("pattern", "text", "found"),
    [
        (r"[0-9]+", "第56號-", ["56"]),  # a range stays a range (was [0\-9]: "-" replaced)
        (r"(?i-s:ab)", "AB-", ["AB"]),  # a flag group's "-"
        ("(?x) 林 # a comment", "林 #", ["林"]),  # verbose: space and # are syntax
        (r"\N{DIGIT ONE}", "1", ["1"]),  # a character's name
    ],
)
def test_a_normalised_regex_keeps_its_ascii_syntax(
    tmp_path: Path, pattern: str, text: str, found: list[str]
) -> None:
    s = ReviewStore(tmp_path / "r.db", author="rita")
    s.add_version(0, VersionKind.OCR, text)
    matches = find_matches(s, 1, ReplaceQuery(pattern, "x", regex=True, normalised=True))
    assert [m.found for m in matches] == found


@pytest.mark.parametrize("pattern", ["[[林]", "[(--林]", "[林&&O]"])
def test_a_possible_nested_set_is_matched_as_re_reads_it_today(
    store: ReviewStore, pattern: str
) -> None:
    # re warns (FutureWarning) that a later Python may read these otherwise: the CLI
    # printed that warning with a source path (and under -W error, exit 70).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        matches = find_matches(store, 3, ReplaceQuery(pattern, "x", regex=True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        today = re.compile(pattern)
    texts = [store.working_text(p) for p in range(3)]
    assert [m.found for m in matches] == [f for t in texts for f in today.findall(t)]
    assert matches  # each finds something on these pages
