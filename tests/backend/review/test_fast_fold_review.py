"""The fast review diff checked against oracles that share none of its shortcuts.

``test_fast_fold`` compares the numpy path with the plain path, but both fold
through the same ``LookupTable`` (the plain path's body is long too), so a wrong
entry in the lookup array passes there. Here normalisation is checked against a
character-by-character reference built from the patterns and ``str.translate``
alone; the lookup array against ``str.translate`` for every BMP code point; and
the rewritten one-pass ``moves_are_layout`` against the two-pass rule it replaced.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review import compare, fast_fold, textnorm
from backend.review.compare import compare_texts
from backend.review.hunk_collector import kept_chars, moves_are_layout
from backend.review.textnorm import CompareOptions, Normalised, normalise
from backend.review.values import DiffCategory, Hunk
from tests.backend.review.fast_fold_helpers import options_st
from tests.backend.review.tables import TABLES, with_user_variants
from tests.conftest import ROOT
from tests.properties import examples

WHITESPACE = [chr(c) for c in range(fast_fold.BMP) if re.match(r"\s", chr(c))]
PIECES = [
    "原告請求被告給付新臺幣參拾萬元",
    "應",
    "得",
    "第一○○條",
    "林○○",
    "一〇〇年",
    "◯",
    "，",
    ",",
    "：",
    ":",
    "（",
    "）",
    "「」",
    "爲",
    "着",
    "國",
    "国",
    "\uf900",  # compatibility ideographs
    "\ufa6c",  # (folds to an astral character)
    "\u2f08",  # a Kangxi radical
    "１２３",
    "ＡＢ",
    "⁶",
    "†",
    "【模糊】",
    "【 模 糊 】",
    "【",
    "】",
    "| 甲 | 乙 |",
    "\n|---|:---:|\n",
    "**",
    "__",
    "~~",
    "\n# ",
    "\n- ",
    "\n* ",
    "<br>",
    "<br />",
    "→",
    "─",
    "\r\n",
    "".join(WHITESPACE),  # every kind at once
    *WHITESPACE,
]
ODD = ["𠀀", "\ud800"]  # astral, a lone surrogate: the plain path
MARKER_PATTERNS = [
    re.compile(r"【[^】]*】"),
    re.compile(r"\s"),
    re.compile("x*"),
    re.compile("被告"),
]


@st.composite
def pages(draw: st.DrawFn) -> str:
    """Texts on either side of ``fast_fold.MIN_LENGTH``, sometimes with odd code points."""
    text = "".join(draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=60)))
    if draw(st.integers(0, 7)) == 0:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(ODD)) + text[at:]
    size = draw(st.sampled_from([0, fast_fold.MIN_LENGTH - 1, fast_fold.MIN_LENGTH, 700]))
    while len(text) < size:
        text += text
    return text


def spans_st(length: int) -> st.SearchStrategy[textnorm.Spans]:
    """A caller's spans: overlapping, in any order, reversed, negative, past the end."""
    bound = st.integers(-10, length + 10)
    return st.lists(st.tuples(bound, bound), max_size=6) | st.sampled_from(MARKER_PATTERNS)


def reference(
    text: str, options: CompareOptions, spans: textnorm.Spans, alternate: bool
) -> Normalised:
    """What ``normalise`` must give, one character at a time (no shortcut, no numpy)."""
    dropped: set[int] = set()
    found = (
        [m.span() for m in spans.finditer(text)]
        if isinstance(spans, re.Pattern)
        else [(max(0, s), min(len(text), e)) for s, e in spans]
    )
    patterns = [textnorm.DEFAULT_MARKERS] if options.ignore_markers else []
    patterns += [re.compile(r"\s")] if options.ignore_whitespace else []
    found += [m.span() for p in patterns for m in p.finditer(text)]
    if options.ignore_markdown:  # a pipe that lays out no table is kept (test_lone_pipe)
        markdown = [m.span() for m in textnorm._MARKDOWN.finditer(text)]
        stray = textnorm._stray_pipes(text, markdown)
        found += [span for span in markdown if span[0] not in stray]
    for s, e in found:
        dropped.update(range(s, e))
    to_source = [k for k in range(len(text)) if k not in dropped]
    body = "".join(text[k] for k in to_source)
    if options.fold_width or options.fold_variants:
        table = TABLES.fold_table(options.fold_width, options.fold_variants, alternate)
        body = "".join(c.translate(table) for c in body)
    cuts = tuple(k for k in range(1, len(to_source)) if to_source[k] != to_source[k - 1] + 1)
    return Normalised(body, to_source, text, cuts)


@examples(250)
@given(st.data())
def test_normalise_is_the_character_by_character_reference(data: st.DataObject) -> None:
    text = data.draw(pages())
    options = data.draw(options_st)
    spans = data.draw(spans_st(len(text)))
    alternate = data.draw(st.booleans())
    assert normalise(text, options, spans, alternate=alternate) == reference(
        text, options, spans, alternate
    )


@examples(200)
@given(st.data())
def test_dropped_spans_are_sorted_disjoint_and_cover_what_is_dropped(data: st.DataObject) -> None:
    """A caller's list may overlap or come in any order; what comes back never overlaps."""
    text = data.draw(pages())
    options = data.draw(options_st)
    spans = data.draw(spans_st(len(text)))
    got = textnorm.dropped_spans(text, options, spans)
    assert all(s < e for s, e in got)
    assert all(e1 <= s2 for (_, e1), (s2, _) in pairwise(got))  # one pattern's may touch
    kept = set(reference(text, options, spans, False).to_source)
    assert {k for s, e in got for k in range(s, e)} == set(range(len(text))) - kept


FOLDS = [(True, False, False), (False, True, False), (True, True, False), (True, True, True)]


@pytest.mark.parametrize(("width", "variants", "alternate"), FOLDS)
def test_the_lookup_array_folds_every_bmp_code_point_as_str_translate(
    width: bool, variants: bool, alternate: bool
) -> None:
    every = "".join(chr(c) for c in range(fast_fold.BMP) if not 0xD800 <= c < 0xE000)
    lookup = TABLES.fold_lookup(width, variants, alternate)
    assert fast_fold._units(every) is not None  # the array is what folds it
    assert lookup.translate(every) == every.translate(TABLES.fold_table(width, variants, alternate))


def test_normalise_itself_takes_the_numpy_path_on_a_long_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spy on ``normalise_page``: calling it directly would not show ``normalise`` uses it."""
    results = []

    def spy(*args: object) -> object:
        results.append(fast_fold.normalise_page(*args))  # type: ignore[arg-type]
        return results[-1]

    monkeypatch.setattr(textnorm, "normalise_page", spy)
    text = "原告，請求\n被告　給付【模糊】爲\n" * 20
    got = normalise(text, CompareOptions(tables=TABLES))
    assert len(results) == 1 and results[0] is not None
    assert (got.text, got.to_source, got.cuts) == (results[0][0], results[0][1], results[0][2])
    assert got == reference(text, CompareOptions(tables=TABLES), (), False)
    normalise(text, CompareOptions(ignore_whitespace=False, tables=TABLES))
    assert len(results) == 1  # whitespace kept: the plain path alone


def test_numpy_is_imported_on_the_first_long_text_only() -> None:
    """The GUI imports the backend at start; numpy's import should wait for a page."""
    script = (
        "import sys\n"
        "from backend.review.compare import compare_texts\n"
        "from backend.session.review_tables import default_options\n"
        "options = default_options()\n"
        "compare_texts('原告請求，被告\\n給付', '原告請求,被告給附', options)\n"
        "assert 'numpy' not in sys.modules, 'numpy imported for a short text'\n"
        "compare_texts('原告請求，被告\\n給付' * 40, '原告請求,被告給附' * 40, options)\n"
        "assert 'numpy' in sys.modules, 'a long text did not take the numpy path'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def _edit(path: Path, content: str) -> None:
    """Rewrite ``path`` in place as a later edit (same size is allowed: the stamp has mtime)."""
    before = path.stat().st_mtime_ns
    path.write_text(content, "utf-8")
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def test_a_variant_file_edited_in_place_folds_a_long_page_differently_at_once(
    tmp_path: Path,
) -> None:
    extra = tmp_path / "mine.tsv"
    extra.write_text("甲\t乙\n", "utf-8")
    options = with_user_variants(extra)
    text = "甲方應於十日內給付，\n" * 40
    assert "乙方" in normalise(text, options).text and "甲" not in normalise(text, options).text
    _edit(extra, "甲\t丙\n")  # the same size: only the time tells the edit
    options = with_user_variants(extra)  # the session reads the tables again
    folded = normalise(text, options).text
    assert "丙方" in folded and "乙" not in folded
    # The review diff's cached alternate follows the edit too.
    compare._normalise_cached.cache_clear()
    transcript = "丙方應於十日內給付，\n" * 40
    assert compare_texts(transcript, text, options, folded=False).hunks == ()
    _edit(extra, "甲\t丁\n")
    options = with_user_variants(extra)
    hunks = compare_texts(transcript, text, options, folded=False).hunks
    assert hunks and all(h.category is DiffCategory.SUBSTANTIVE for h in hunks)
    assert {(h.text, h.alt_text) for h in hunks} == {("丙", "甲")}


@examples(150)
@given(pages(), options_st, st.data())
def test_kept_chars_are_the_original_characters_kept(
    text: str, options: CompareOptions, data: st.DataObject
) -> None:
    norm = normalise(text, options)
    i = data.draw(st.integers(0, len(norm.text)))
    j = data.draw(st.integers(i, len(norm.text)))
    assert kept_chars(norm, i, j) == "".join(text[k] for k in norm.to_source[i:j])


SENTENCES = [
    "原告請求被告給付新臺幣參拾萬元",
    "被告應於判決確定後十日內給付",
    "訴訟費用由被告負擔",
    "當事人得於收受判決後二十日內上訴",
    "民國一〇〇年三月十五日",
    "答辯人即被告林○○",
    "流程圖",
    "起訴",
    "分案",
    "準備程序",
    "言詞辯論",
    "| 項目 | 金額 |",
    "|---|---|",
    "依民法第一百八十四條第一項前段規定",
    "【模糊】之證據",
]


@examples(150)
@given(st.data())
def test_agreement_is_the_share_of_matched_characters(data: st.DataObject) -> None:
    """``agreement`` is now counted in the loop; ``matches`` cover the same characters
    (lines in another order make the alternate's reading order break)."""
    lines = data.draw(st.lists(st.sampled_from(SENTENCES), min_size=1, unique=True))
    transcript = "\n".join(lines) * data.draw(st.sampled_from([1, 3]))
    alternate = "\n".join(data.draw(st.permutations(transcript.split("\n"))))
    alternate = alternate.replace("，", ",").replace("應", "得", data.draw(st.integers(0, 1)))
    options = data.draw(options_st)
    c = compare_texts(transcript, alternate, options, folded=data.draw(st.booleans()))
    t = normalise(transcript, options)
    a = normalise(alternate, options, alternate=True)
    total = max(len(t.text), len(a.text))
    assert c.agreement == (1.0 if total == 0 else sum(n for _, _, n in c.matches) / total)


@examples(150)
@given(st.data())
def test_a_match_never_runs_over_text_either_side_dropped(data: st.DataObject) -> None:
    """``_runs`` cuts an agreeing run where the transcript *or* the alternate skipped
    dropped text; here the two sides break their lines and space at different places."""
    lines = data.draw(st.lists(st.sampled_from(SENTENCES), min_size=1, unique=True))
    base = "".join(lines) * data.draw(st.sampled_from([1, 4]))

    def spaced(text: str) -> str:
        for _ in range(data.draw(st.integers(0, 12))):
            at = data.draw(st.integers(0, len(text)))
            text = text[:at] + data.draw(st.sampled_from(["\n", " ", "\u3000", "**"])) + text[at:]
        return text

    transcript, alternate = spaced(base), spaced(base)
    options = data.draw(options_st)
    c = compare_texts(transcript, alternate, options, folded=data.draw(st.booleans()))
    t = normalise(transcript, options)
    a = normalise(alternate, options, alternate=True)
    for ts, as_, n in c.matches:
        i, j = t.span_of(ts, ts + n)
        p, q = a.span_of(as_, as_ + n)
        # Every character of both runs was kept (nothing dropped inside), and they agree.
        assert t.to_source[i:j] == list(range(ts, ts + n))
        assert a.to_source[p:q] == list(range(as_, as_ + n))
        assert t.text[i:j] == a.text[p:q]


# --- moves_are_layout: the one-pass rewrite against the rule it replaced ----------


def two_pass_moves(found: list[tuple[Hunk, str, str]]) -> list[DiffCategory]:
    """The rule before the rewrite (4d4bb40), kept here as the oracle."""
    found = list(found)

    def kind(h: Hunk, t: str, a: str) -> str:
        if h.category is not DiffCategory.SUBSTANTIVE or (t and a):
            return ""
        return "-" if len(t) >= 3 else "+" if len(a) >= 3 else ""

    inserted = {a: n for n, (h, t, a) in enumerate(found) if kind(h, t, a) == "+"}
    for n, (h, t, a) in enumerate(found):
        m = inserted.pop(t, None) if kind(h, t, a) == "-" else None
        for k in () if m is None else (n, m):
            hk, tk, ak = found[k]
            found[k] = (Hunk(*astuple_but_category(hk), DiffCategory.LAYOUT), tk, ak)
    return [h.category for h, _, _ in found]


def astuple_but_category(h: Hunk) -> tuple[int, int, int, int, str, str]:
    return (h.start, h.end, h.alt_start, h.alt_end, h.text, h.alt_text)


hunk_st = st.tuples(
    st.sampled_from([DiffCategory.SUBSTANTIVE, DiffCategory.SUBSTANTIVE, DiffCategory.GLYPH]),
    st.sampled_from(["", "甲", "甲乙", "甲乙丙", "丙丁戊己"]),
    st.sampled_from(["", "甲", "甲乙", "甲乙丙", "丙丁戊己"]),
).map(lambda c: (Hunk(0, len(c[1]), 0, len(c[2]), c[1], c[2], c[0]), c[1], c[2]))


@examples(300)
@given(st.lists(hunk_st, max_size=10))
def test_moves_are_layout_pairs_as_the_two_pass_rule_did(
    found: list[tuple[Hunk, str, str]],
) -> None:
    expected = two_pass_moves(found)
    moves_are_layout(found)
    assert [h.category for h, _, _ in found] == expected


def test_a_moved_block_pairs_once_with_the_last_insertion_of_its_text() -> None:
    s = DiffCategory.SUBSTANTIVE

    def h(t: str, a: str, cat: DiffCategory = s) -> tuple[Hunk, str, str]:
        return (Hunk(0, len(t), 0, len(a), t, a, cat), t, a)

    found = [h("", "甲乙丙"), h("甲乙丙", ""), h("", "甲乙丙"), h("丙丁戊", ""), h("甲乙", "")]
    moves_are_layout(found)
    assert [x[0].category for x in found] == [s, DiffCategory.LAYOUT, DiffCategory.LAYOUT, s, s]
