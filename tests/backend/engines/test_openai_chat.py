"""The OpenAI chat wire format as vLLM speaks it: request bodies and thinking blocks.

Whole answers are in test_openai_chat_completion.py, streamed ones in
test_openai_chat_streaming.py."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.openai_chat import build_body, strip_thinking
from backend.models import PageImage
from tests.backend.engines.openai_chat_helpers import MODEL

IMAGE_BYTES = b"\xff\xd8\xff\xe0 not really a jpeg \x00\x01\x02"


def request(**params: Any) -> OcrRequest:
    image = PageImage(page=0, data=IMAGE_BYTES, mime="image/jpeg", width=100, height=140)
    return OcrRequest(image=image, prompt="Transcribe this page.", params=SamplingParams(**params))


# --- build_body -----------------------------------------------------------------------


def test_body_puts_the_image_first_as_a_data_url_of_the_exact_bytes() -> None:
    body = build_body(request(), MODEL)
    assert body["model"] == MODEL
    [message] = body["messages"]
    assert message["role"] == "user"
    image_part, text_part = message["content"]
    assert image_part["type"] == "image_url"
    url = image_part["image_url"]["url"]
    prefix = "data:image/jpeg;base64,"
    assert url.startswith(prefix)
    assert base64.b64decode(url.removeprefix(prefix), validate=True) == IMAGE_BYTES
    assert text_part == {"type": "text", "text": "Transcribe this page."}


def test_body_uses_the_image_mime_type() -> None:
    image = PageImage(page=2, data=b"\x89PNG", mime="image/png", width=1, height=1)
    body = build_body(OcrRequest(image=image, prompt="p"), MODEL)
    url = body["messages"][0]["content"][0]["image_url"]["url"]
    assert url == "data:image/png;base64," + base64.b64encode(b"\x89PNG").decode()


def test_body_asks_for_max_completion_tokens_not_the_deprecated_max_tokens() -> None:
    body = build_body(request(max_tokens=3000, temperature=0.2), MODEL)
    assert body["max_completion_tokens"] == 3000
    assert "max_tokens" not in body
    assert body["temperature"] == 0.2


def test_body_is_json_serialisable() -> None:
    body = build_body(request(logprobs=True, top_logprobs=3, seed=1, top_p=0.9), MODEL)
    assert json.loads(json.dumps(body)) == body


@pytest.mark.parametrize(("enable", "expected"), [(False, False), (True, True)])
def test_thinking_switch_goes_in_chat_template_kwargs(enable: bool, expected: bool) -> None:
    body = build_body(request(enable_thinking=enable), MODEL)
    assert body["chat_template_kwargs"] == {"enable_thinking": expected}


def test_thinking_switch_is_omitted_when_none() -> None:
    assert "chat_template_kwargs" not in build_body(request(enable_thinking=None), MODEL)


def test_optional_sampling_params_are_omitted_when_none() -> None:
    body = build_body(request(repetition_penalty=None, seed=None, top_p=None), MODEL)
    for key in ("repetition_penalty", "seed", "top_p"):
        assert key not in body


def test_optional_sampling_params_are_sent_when_set() -> None:
    body = build_body(request(repetition_penalty=1.1, seed=0, top_p=0.8), MODEL)
    assert body["repetition_penalty"] == 1.1
    assert body["seed"] == 0  # zero is a seed, not "unset"
    assert body["top_p"] == 0.8


def test_logprobs_are_not_requested_by_default() -> None:
    body = build_body(request(), MODEL)
    assert "logprobs" not in body
    assert "top_logprobs" not in body


def test_logprobs_with_top_alternatives() -> None:
    body = build_body(request(logprobs=True, top_logprobs=5), MODEL)
    assert body["logprobs"] is True
    assert body["top_logprobs"] == 5


def test_logprobs_without_top_alternatives() -> None:
    body = build_body(request(logprobs=True, top_logprobs=0), MODEL)
    assert body["logprobs"] is True
    assert "top_logprobs" not in body


def test_top_logprobs_alone_does_not_turn_logprobs_on() -> None:
    body = build_body(request(logprobs=False, top_logprobs=5), MODEL)
    assert "logprobs" not in body
    assert "top_logprobs" not in body


def test_streaming_body_asks_for_usage() -> None:
    body = build_body(request(), MODEL)
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}


def test_non_streaming_body_has_no_stream_fields() -> None:
    body = build_body(request(), MODEL, stream=False)
    assert "stream" not in body
    assert "stream_options" not in body


# --- strip_thinking ---------------------------------------------------------------------


def test_think_block_then_answer() -> None:
    assert strip_thinking("<think>a</think>b") == ("b", "a")


def test_only_a_closing_tag_means_the_text_before_it_was_thinking() -> None:
    # Some Qwen templates put <think> in the prompt, so the output starts mid-thought.
    assert strip_thinking("The page shows a contract.\n</think>\n\n第一條") == (
        "第一條",
        "The page shows a contract.",
    )


def test_unclosed_think_means_no_answer() -> None:
    assert strip_thinking("<think>Let me look at the seal in the corner") == (
        "",
        "Let me look at the seal in the corner",
    )


def test_unclosed_think_after_leading_whitespace_still_means_no_answer() -> None:
    assert strip_thinking("\n  <think>hmm") == ("", "hmm")


def test_empty_think_block_gives_no_thinking() -> None:
    assert strip_thinking("<think>\n\n</think>\n\n第一條") == ("第一條", None)


def test_bare_open_tag_gives_nothing() -> None:
    assert strip_thinking("<think>") == ("", None)


@pytest.mark.parametrize(
    "text",
    [
        "第一條 本契約自簽訂日起生效。",
        "Plaintiff did not think the clause applied.",
        "The witness wrote <think> on the form and signed it.",
        "",
        "\n\nleading newlines kept when there is no thinking",
    ],
)
def test_text_without_thinking_is_unchanged(text: str) -> None:
    assert strip_thinking(text) == (text, None)


def test_answer_leading_newlines_are_stripped_but_indentation_kept() -> None:
    answer, thinking = strip_thinking("<think>x</think>\n\n  (一) 甲方\n")
    assert answer == "  (一) 甲方"
    assert thinking == "x"


def test_multiline_thinking_is_kept_whole() -> None:
    answer, thinking = strip_thinking("<think>\nline one\nline two\n</think>answer")
    assert answer == "answer"
    assert thinking == "line one\nline two"
