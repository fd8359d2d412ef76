"""Unreadable-text markers: finding, navigating, flagging, storing, stripping."""

from __future__ import annotations

import pytest

from backend.review.markers import DEFAULT_PATTERNS, Marker, MarkerSet, strip_markers
from backend.review.values import FlagKind

TEXT = "被告【blurry】於民國【？】年，【字跡模糊】而【?】止"


def texts(markers: list[Marker]) -> list[str]:
    return [m.text for m in markers]


def test_default_set_finds_every_default_form() -> None:
    found = MarkerSet.default().find(TEXT)
    assert texts(found) == ["【blurry】", "【？】", "【字跡模糊】", "【?】"]
    for m in found:
        assert TEXT[m.start : m.end] == m.text


@pytest.mark.parametrize(
    "marker",
    [
        "【blurry】",
        "【Blurry text】",
        "【模糊】",
        "【此處無法辨識】",
        "【illegible: 2 chars】",
        "【unclear】",
        "【字跡不清】",
        "【??】",
        "【？？？】",
    ],
)
def test_bracketed_unclear_forms(marker: str) -> None:
    assert texts(MarkerSet.default().find(f"甲{marker}乙")) == [marker]


@pytest.mark.parametrize(
    "text",
    [
        "【判決】",
        "【附表】",
        "blurry",
        "模糊",
        "【】",
        "【模糊\n跨行】",
        "【" + "很" * 30 + "模糊】",
    ],
)
def test_ordinary_brackets_and_words_are_not_markers(text: str) -> None:
    assert MarkerSet.default().find(text) == []


def test_overlapping_patterns_give_one_marker() -> None:
    # 【模糊】 matches both the literal and the regex: reported once.
    assert MarkerSet.default().count("【模糊】【模糊】") == 2


def test_custom_literal_and_regex() -> None:
    markers = MarkerSet.from_patterns(["[?]", r"re:\[unk(?:nown)?\]"])
    assert texts(markers.find("a[?]b[unk]c[unknown]d")) == ["[?]", "[unk]", "[unknown]"]
    # A literal is literal: regex characters in it mean themselves.
    assert MarkerSet.from_patterns(["a.c"]).find("abc a.c") == [Marker(4, 7, "a.c")]


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("re:【(", "not a valid regex"),
        ("re:x*", "matches empty text"),
        ("", "matches empty text"),
    ],
)
def test_bad_patterns_raise_a_clear_error(pattern: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        MarkerSet.from_patterns(["【ok】", pattern])
    assert repr(pattern) in str(info.value)


def test_navigation() -> None:
    markers = MarkerSet.default()
    starts = [m.start for m in markers.find(TEXT)]
    assert markers.next_after(TEXT, 0) == markers.find(TEXT)[0]
    # Standing on a marker (start, inside or end): next moves on.
    for pos in (starts[0], starts[0] + 3, starts[1] - 1):
        nxt = markers.next_after(TEXT, pos)
        assert nxt is not None and nxt.start == starts[1]
    prev = markers.previous_before(TEXT, starts[2])
    assert prev is not None and prev.start == starts[1]
    first = markers.find(TEXT)[0]
    assert markers.previous_before(TEXT, first.end) is None  # on the first one
    assert markers.next_after(TEXT, starts[-1]) is None


def test_navigation_wraps_when_asked() -> None:
    markers = MarkerSet.default()
    found = markers.find(TEXT)
    assert markers.next_after(TEXT, len(TEXT), wrap=True) == found[0]
    assert markers.previous_before(TEXT, 0, wrap=True) == found[-1]
    assert markers.next_after("no markers", 0, wrap=True) is None
    assert markers.previous_before("no markers", 5, wrap=True) is None


def test_marker_flags_and_spans() -> None:
    markers = MarkerSet.default()
    flags = markers.marker_flags(TEXT)
    assert [f.kind for f in flags] == [FlagKind.MARKER] * 4
    assert flags[0].detail == "marked unreadable: 【blurry】"
    assert markers.spans(TEXT) == [(f.start, f.end) for f in flags]
    assert markers.spans("乾淨的文字") == []


def test_json_round_trip() -> None:
    markers = MarkerSet.from_patterns(["【不清】", r"re:\[\?+\]"])
    restored = MarkerSet.from_json(markers.to_json())
    assert restored == markers
    assert restored.patterns == ("【不清】", r"re:\[\?+\]")
    assert MarkerSet.from_json(MarkerSet.default().to_json()).patterns == DEFAULT_PATTERNS


@pytest.mark.parametrize("data", ["not json", '{"a": 1}', "[1, 2]", '["ok", null]'])
def test_from_json_rejects_other_shapes(data: str) -> None:
    with pytest.raises(ValueError, match="marker patterns"):
        MarkerSet.from_json(data)


def test_from_json_rejects_a_bad_regex_by_name() -> None:
    with pytest.raises(ValueError, match="re:\\(oops"):
        MarkerSet.from_json('["re:(oops"]')


def test_strip_markers_keeps_everything_else() -> None:
    assert strip_markers(TEXT) == "被告於民國年，而止"
    assert strip_markers(TEXT, "□") == "被告□於民國□年，□而□止"
    assert strip_markers("  line one\n\nline two  ") == "  line one\n\nline two  "
    custom = MarkerSet.from_patterns(["XX"])
    assert strip_markers("aXXb【模糊】", markers=custom) == "ab【模糊】"
