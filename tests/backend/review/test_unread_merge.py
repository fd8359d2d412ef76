"""A critical item in a line the alternate did not read stays the term's own item.

``legal_terms._unverified`` raises a narrow "check it against the scan" item over a
modal word or number in a line the alternate lacks; merging it with the line's
difference made the whole line critical (on clean pages, most critical characters
flagged for nothing). A run of several lines the alternate lacks is a block the two
readings diverged over, and stays one critical item. Hand-written sentences.
"""

from __future__ import annotations

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import Flag, FlagKind
from tests.backend.review.tables import SETTINGS

HEAD, TAIL = "理由\n本件事證明確。", "以上正本證明與原本無異。"


def flags(transcript: str, alternate: str) -> list[Flag]:
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    return list(review.flags)


def test_a_term_in_a_line_the_alternate_lacks_is_flagged_critical_alone() -> None:
    line = "\u3000\u3000非經股東會決議，董事不得為競業之行為。"
    transcript = f"{HEAD}\n{line}\n{TAIL}"
    got = flags(transcript, f"{HEAD}\n{TAIL}")
    critical = [transcript[f.start : f.end] for f in got if f.kind is FlagKind.CRITICAL]
    assert critical == ["非", "不得"]
    # The line is still a difference of its own (the alternate has nothing there).
    [diff] = [f for f in got if f.kind is FlagKind.DIFF]
    assert transcript[diff.start : diff.end].strip() == line.strip()
    assert diff.replacement is not None and not diff.replacement.strip()


def test_a_term_in_a_line_the_alternate_read_as_other_characters_is_alone_too() -> None:
    line = "本件被告丁○品被訴背信部分，公訴不受理。"
    transcript = f"{HEAD}\n{line}\n{TAIL}"
    got = flags(transcript, f"{HEAD}\n臺\n{TAIL}")
    critical = [f for f in got if f.kind is FlagKind.CRITICAL]
    assert critical and all(f.end - f.start <= len("丁○品") for f in critical)


def test_several_lines_the_alternate_lacks_stay_one_critical_item() -> None:
    block = "相對人應給付聲請人新臺幣五萬元。\n其餘請求均不得再行主張。\n雙方同意和解。"
    transcript = f"{HEAD}\n{block}\n{TAIL}"
    got = flags(transcript, f"{HEAD}\n{TAIL}")
    [critical] = [f for f in got if f.kind is FlagKind.CRITICAL]
    assert transcript[critical.start : critical.end].strip() == block
    assert critical.also_diff


def test_a_changed_term_in_a_line_both_read_is_still_one_item_with_its_difference() -> None:
    transcript = f"{HEAD}\n董事不得為競業之行為。\n{TAIL}"
    got = flags(transcript, transcript.replace("不得", "應"))
    [critical] = [f for f in got if f.kind is FlagKind.CRITICAL]
    assert critical.also_diff and not [f for f in got if f.kind is FlagKind.DIFF]
