"""Whole (non-streamed) chat completions as vLLM sends them, and bad ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from backend.engines.openai_chat import parse_completion
from backend.errors import BadResponseError
from tests.backend.engines.openai_chat_helpers import MODEL

# --- parse_completion -------------------------------------------------------------------


def vllm_completion(
    content: str | None,
    *,
    reasoning: str | None = None,
    finish_reason: str = "stop",
    prompt_tokens: int = 1234,
    completion_tokens: int = 56,
) -> bytes:
    """The non-streaming chat.completion body vLLM 0.32 sends (all its null fields kept)."""
    return json.dumps(
        {
            "id": "chatcmpl-9f2c3b8e",
            "object": "chat.completion",
            "created": 1764478800,
            "model": MODEL,
            "choices": [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": content,
                        "refusal": None,
                        "annotations": None,
                        "audio": None,
                        "function_call": None,
                        "tool_calls": [],
                        "reasoning": reasoning,
                    },
                    "logprobs": None,
                    "finish_reason": finish_reason,
                    "stop_reason": None,
                    "token_ids": None,
                }
            ],
            "service_tier": None,
            "system_fingerprint": None,
            "usage": {
                "prompt_tokens": prompt_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
                "completion_tokens": completion_tokens,
                "prompt_tokens_details": None,
            },
            "prompt_logprobs": None,
            "prompt_token_ids": None,
            "kv_transfer_params": None,
        },
        ensure_ascii=False,
    ).encode()


def test_parse_a_real_vllm_completion() -> None:
    answer = parse_completion(vllm_completion("第一條 本契約\n第二條 甲方"))
    assert answer.text == "第一條 本契約\n第二條 甲方"
    assert answer.reasoning_text is None
    assert answer.finish_reason == "stop"
    assert answer.prompt_tokens == 1234
    assert answer.completion_tokens == 56
    assert answer.logprobs == []


def test_parse_a_completion_with_reasoning_and_truncation() -> None:
    answer = parse_completion(
        vllm_completion(None, reasoning="Looking at the stamp...", finish_reason="length")
    )
    assert answer.text == ""
    assert answer.reasoning_text == "Looking at the stamp..."
    assert answer.finish_reason == "length"


def test_parse_older_reasoning_content_field() -> None:
    raw = json.dumps(
        {
            "choices": [
                {
                    "index": 0,
                    "message": {"content": "ok", "reasoning_content": "thought"},
                    "finish_reason": "stop",
                }
            ]
        }
    ).encode()
    answer = parse_completion(raw)
    assert (answer.text, answer.reasoning_text) == ("ok", "thought")


def test_parse_keeps_only_the_first_choice() -> None:
    raw = json.dumps(
        {
            "choices": [
                {"index": 1, "message": {"content": "second"}, "finish_reason": "stop"},
                {"index": 0, "message": {"content": "first"}, "finish_reason": "stop"},
            ]
        }
    ).encode()
    assert parse_completion(raw).text == "first"


def test_parse_a_completion_without_usage() -> None:
    raw = json.dumps({"choices": [{"index": 0, "message": {"content": "x"}}]}).encode()
    answer = parse_completion(raw)
    assert answer.text == "x"
    assert answer.prompt_tokens is None
    assert answer.completion_tokens is None
    assert answer.finish_reason is None


@pytest.mark.parametrize("body", [{"choices": []}, {"id": "x", "object": "chat.completion"}])
def test_no_choices_is_a_bad_response(body: dict[str, Any]) -> None:
    with pytest.raises(BadResponseError, match="without any text"):
        parse_completion(json.dumps(body).encode())


def test_non_json_is_a_bad_response_that_suggests_checking_the_url() -> None:
    html = b"<html><body><h1>Welcome to nginx!</h1></body></html>"
    with pytest.raises(BadResponseError, match="OpenAI-compatible") as info:
        parse_completion(html)
    assert "Welcome to nginx" in info.value.detail
    assert info.value.retryable


def test_a_json_list_is_a_bad_response() -> None:
    with pytest.raises(BadResponseError, match="unexpected shape"):
        parse_completion(b'[{"choices": []}]')


def test_choices_that_are_not_a_list_are_a_bad_response() -> None:
    with pytest.raises(BadResponseError, match="unexpected shape"):
        parse_completion(b'{"choices": {"index": 0}}')


def test_invalid_utf8_inside_json_does_not_crash() -> None:
    raw = b'{"choices": [{"index": 0, "message": {"content": "ab\xff"}}]}'
    assert parse_completion(raw).text == "ab\ufffd"
