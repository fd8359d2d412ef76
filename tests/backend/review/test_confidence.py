"""Token logprobs mapped onto the stored text's characters."""

from __future__ import annotations

import math
from typing import Any

import pytest

from backend.engines.base import Reading, TokenLogprob
from backend.review.confidence import low_confidence_flags
from backend.review.values import FlagKind

SURE = -0.01
UNSURE = math.log(0.31)


def tok(text: str, logprob: float = SURE) -> list[Any]:
    """A token as stored in provenance: [token, logprob, [utf-8 bytes]]."""
    return [text, logprob, list(text.encode("utf-8"))]


def split(char: str, logprobs: list[float]) -> list[list[Any]]:
    """One character's UTF-8 bytes spread over several byte-level tokens."""
    raw = char.encode("utf-8")
    cuts = [round(i * len(raw) / len(logprobs)) for i in range(len(logprobs) + 1)]
    return [
        ["bytes:" + raw[a:b].hex(), lp, list(raw[a:b])]
        for a, b, lp in zip(cuts[:-1], cuts[1:], logprobs, strict=True)
    ]


def spans(text: str, logprobs: list[Any], **kw: float) -> list[str]:
    return [text[f.start : f.end] for f in low_confidence_flags(text, logprobs, **kw)]


def test_unsure_tokens_become_flags() -> None:
    text = "被告應給付"
    logprobs = [tok("被告"), tok("應", UNSURE), tok("給付")]
    [flag] = low_confidence_flags(text, logprobs)
    assert (flag.start, flag.end, flag.kind) == (2, 3, FlagKind.LOW_CONFIDENCE)
    assert flag.detail == "model was unsure (p=0.31)"


def test_a_character_split_over_tokens_is_unsure_if_any_part_is() -> None:
    text = "判決"
    assert spans(text, [*split("判", [SURE, UNSURE]), tok("決")]) == ["判"]
    assert spans(text, [*split("判", [UNSURE, SURE, SURE]), tok("決")]) == ["判"]
    assert spans(text, [*split("判", [SURE, SURE]), tok("決")]) == []


def test_a_token_holding_the_end_of_one_character_and_the_next() -> None:
    a, b = "判".encode(), "決".encode()
    logprobs = [["x", SURE, list(a[:2])], ["y", UNSURE, list(a[2:] + b)]]
    assert spans("判決", logprobs) == ["判決"]


def test_adjacent_unsure_characters_merge_with_the_lowest_p() -> None:
    logprobs = [tok("甲"), tok("乙", math.log(0.4)), tok("丙", math.log(0.2)), tok("丁")]
    [flag] = low_confidence_flags("甲乙丙丁", logprobs)
    assert (flag.start, flag.end, flag.detail) == (1, 3, "model was unsure (p=0.20)")


def test_separate_runs_give_separate_flags() -> None:
    logprobs = [tok("甲", UNSURE), tok("乙"), tok("丙", UNSURE)]
    assert spans("甲乙丙", logprobs) == ["甲", "丙"]


def test_whitespace_is_never_flagged() -> None:
    logprobs = [tok("甲", UNSURE), tok("\n", UNSURE), tok("乙", UNSURE)]
    assert spans("甲\n乙", logprobs) == ["甲", "乙"]


def test_thinking_and_surrounding_whitespace_are_skipped() -> None:
    # The thinking drafts the same answer with other scores: they must not leak.
    stream = [tok("<think>"), tok("被告得上訴", UNSURE), tok("</think>"), tok("\n\n")]
    stream += [tok("被告"), tok("得", UNSURE), tok("上訴"), tok("\n")]
    text = "被告得上訴"  # as stored: thinking removed, trimmed
    flags = low_confidence_flags(text, stream)
    assert [(f.start, f.end) for f in flags] == [(2, 3)]


def test_normalised_line_ends_still_align() -> None:
    stream = [tok("甲\r\n"), tok("乙", UNSURE), tok("\r\n丙")]
    assert spans("甲\n乙\n丙", stream) == ["乙"]


@pytest.mark.parametrize(
    "stream",
    [
        [tok("完全"), tok("不同", UNSURE)],  # another text
        [tok("被告"), tok("應", UNSURE)],  # only part of it
        [],
    ],
)
def test_unalignable_streams_give_no_flags(stream: list[Any]) -> None:
    assert low_confidence_flags("被告應給付", stream) == []


def test_empty_text_gives_no_flags() -> None:
    assert low_confidence_flags("", [tok("甲", UNSURE)]) == []


def test_threshold_as_probability_or_logprob() -> None:
    logprobs = [tok("甲", math.log(0.6)), tok("乙", math.log(0.3))]
    assert spans("甲乙", logprobs) == ["乙"]  # default: p < 0.5
    assert spans("甲乙", logprobs, threshold=0.7) == ["甲乙"]
    assert spans("甲乙", logprobs, threshold=math.log(0.7)) == ["甲乙"]
    assert spans("甲乙", logprobs, threshold=0.2) == []
    with pytest.raises(ValueError, match="threshold"):
        low_confidence_flags("甲乙", logprobs, threshold=1.5)


def test_token_logprobs_and_their_stored_form_agree() -> None:
    tokens = (
        TokenLogprob("被告", SURE, tuple("被告".encode())),
        TokenLogprob("應", UNSURE, tuple("應".encode())),
    )
    stored = (
        Reading(text="被告應", engine="vllm", logprobs=tokens).provenance().to_dict()["logprobs"]
    )
    assert low_confidence_flags("被告應", tokens) == low_confidence_flags("被告應", stored)
    assert spans("被告應", stored) == ["應"]


def test_tokens_without_bytes_fall_back_to_their_text() -> None:
    assert spans("被告應", [["被告", SURE, []], ["應", UNSURE]]) == ["應"]
    assert spans("被告應", [["被告", None, []], ["應", UNSURE, None]]) == ["應"]
