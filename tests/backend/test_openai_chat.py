"""The OpenAI chat wire format as vLLM speaks it: request bodies, whole and streamed answers."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from backend.engines.base import OcrRequest, SamplingParams, TokenLogprob
from backend.engines.openai_chat import (
    Answer,
    SseDecoder,
    build_body,
    feed_event,
    feed_events,
    parse_completion,
    strip_thinking,
)
from backend.errors import BadResponseError
from backend.models import PageImage

MODEL = "Qwen/Qwen2.5-VL-7B-Instruct"
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


# --- feed_event (streaming) -----------------------------------------------------------


def chunk(choices: list[dict[str, Any]], **extra: Any) -> str:
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1764478800,
            "model": MODEL,
            "choices": choices,
            **extra,
        },
        ensure_ascii=False,
    )


def delta(content: str | None = None, finish: str | None = None, **fields: Any) -> dict[str, Any]:
    d: dict[str, Any] = dict(fields)
    if content is not None:
        d["content"] = content
    return {"index": 0, "delta": d, "logprobs": None, "finish_reason": finish}


VLLM_STREAM = [
    chunk([delta(role="assistant", content="")]),
    chunk([delta("第一條")]),
    chunk([delta(" 本契約")]),
    chunk([delta("\n第二條")]),
    chunk([{**delta("", finish="stop"), "stop_reason": None}]),
    chunk([], usage={"prompt_tokens": 1500, "total_tokens": 1512, "completion_tokens": 12}),
    "[DONE]",
]


def test_a_realistic_vllm_stream() -> None:
    answer = Answer()
    done = [feed_event(answer, data) for data in VLLM_STREAM]
    assert done == [False] * 6 + [True]
    assert answer.text == "第一條 本契約\n第二條"
    assert answer.reasoning_text is None
    assert answer.finish_reason == "stop"
    assert answer.prompt_tokens == 1500
    assert answer.completion_tokens == 12
    assert answer.saw_choice


def test_a_usage_null_chunk_does_not_erase_usage() -> None:
    answer = Answer()
    feed_event(answer, chunk([], usage={"prompt_tokens": 10, "completion_tokens": 3}))
    feed_event(answer, chunk([delta("x")], usage=None))
    assert (answer.prompt_tokens, answer.completion_tokens) == (10, 3)


def test_done_marker_with_whitespace_ends_the_stream() -> None:
    assert feed_event(Answer(), " [DONE] ")


def test_finish_reason_length_is_kept() -> None:
    answer = Answer()
    feed_event(answer, chunk([delta("abc")]))
    feed_event(answer, chunk([delta(finish="length")]))
    assert answer.finish_reason == "length"


@pytest.mark.parametrize("field", ["reasoning", "reasoning_content"])
def test_reasoning_deltas(field: str) -> None:
    answer = Answer()
    feed_event(answer, chunk([delta(role="assistant", content="")]))
    feed_event(answer, chunk([delta(**{field: "The seal "})]))
    feed_event(answer, chunk([delta(**{field: "is red."})]))
    feed_event(answer, chunk([delta("甲方")]))
    assert answer.reasoning_text == "The seal is red."
    assert answer.text == "甲方"


def test_reasoning_is_not_counted_twice_when_both_fields_are_sent() -> None:
    answer = Answer()
    feed_event(answer, chunk([delta(reasoning="x", reasoning_content="x")]))
    assert answer.reasoning_text == "x"


def test_an_error_event_raises_with_the_server_message() -> None:
    answer = Answer()
    feed_event(answer, chunk([delta("第一")]))
    event = json.dumps(
        {
            "error": {
                "message": "EngineCore encountered an issue.",
                "type": "InternalServerError",
                "param": None,
                "code": 500,
            }
        }
    )
    with pytest.raises(BadResponseError) as info:
        feed_event(answer, event)
    assert str(info.value) == "The server stopped mid-answer: EngineCore encountered an issue."
    assert "InternalServerError" in info.value.detail


def test_an_error_event_with_a_string_error() -> None:
    with pytest.raises(BadResponseError, match="mid-answer: out of blocks"):
        feed_event(Answer(), '{"error": "out of blocks"}')


def test_a_non_json_event_is_a_bad_response() -> None:
    with pytest.raises(BadResponseError, match="not valid JSON"):
        feed_event(Answer(), "{truncated")


def test_logprobs_with_bytes_are_collected_in_order() -> None:
    answer = Answer()
    content = [
        {
            "token": "第",
            "logprob": -0.0123,
            "bytes": [231, 172, 172],
            "top_logprobs": [{"token": "第", "logprob": -0.0123, "bytes": [231, 172, 172]}],
        },
        # A byte-fallback token: half a character, only the bytes say which.
        {"token": "bytes:\\xe6\\x9d", "logprob": -1.5, "bytes": [230, 157]},
        {"token": "A", "logprob": 0, "bytes": None},
    ]
    feed_event(
        answer,
        chunk([{"index": 0, "delta": {"content": "第"}, "logprobs": {"content": content}}]),
    )
    assert answer.logprobs == [
        TokenLogprob("第", -0.0123, (231, 172, 172)),
        TokenLogprob("bytes:\\xe6\\x9d", -1.5, (230, 157)),
        TokenLogprob("A", 0.0, ()),
    ]
    assert bytes([231, 172, 172]).decode() == "第"


def test_logprobs_accumulate_across_chunks() -> None:
    answer = Answer()
    for token in ("a", "b"):
        lp = {"content": [{"token": token, "logprob": -0.5, "bytes": list(token.encode())}]}
        feed_event(answer, chunk([{"index": 0, "delta": {"content": token}, "logprobs": lp}]))
    assert [t.token for t in answer.logprobs] == ["a", "b"]
    assert answer.text == "ab"


# --- SseDecoder ------------------------------------------------------------------------


def decode(lines: list[str]) -> list[str]:
    decoder = SseDecoder()
    out = [data for line in lines if (data := decoder.feed_line(line)) is not None]
    if (last := decoder.flush()) is not None:
        out.append(last)
    return out


def test_sse_one_event_per_blank_line() -> None:
    assert decode(['data: {"a": 1}', "", "data: [DONE]", ""]) == ['{"a": 1}', "[DONE]"]


def test_sse_multi_line_data_is_joined_with_newlines() -> None:
    events = decode(['data: {"a":', "data:  1}", ""])
    assert events == ['{"a":\n 1}']
    assert json.loads(events[0]) == {"a": 1}


def test_sse_comments_event_and_id_lines_carry_nothing() -> None:
    lines = [": ping", "", "event: message", "id: 7", "data: x", "", "retry: 100", ""]
    assert decode(lines) == ["x"]


def test_sse_data_without_a_space_after_the_colon() -> None:
    assert decode(["data:x", ""]) == ["x"]


def test_sse_empty_data_line_is_an_empty_payload() -> None:
    assert decode(["data:", ""]) == [""]


def test_sse_repeated_blank_lines_emit_nothing() -> None:
    assert decode(["", "", "data: a", "", "", ""]) == ["a"]


def test_sse_flush_returns_an_unterminated_last_event_once() -> None:
    decoder = SseDecoder()
    assert decoder.feed_line("data: tail") is None
    assert decoder.flush() == "tail"
    assert decoder.flush() is None


def test_sse_feeds_a_whole_vllm_stream_into_an_answer() -> None:
    lines: list[str] = []
    for data in VLLM_STREAM:
        lines += [f"data: {data}", ""]
    decoder = SseDecoder()
    answer = Answer()
    done = False
    for line in lines:
        data = decoder.feed_line(line)
        if data is not None and feed_event(answer, data):
            done = True
            break
    assert done
    assert answer.text == "第一條 本契約\n第二條"
    assert answer.completion_tokens == 12


def test_feed_events_at_once_matches_one_by_one() -> None:
    events = [
        '{"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}',
        '{"choices":[{"index":0,"delta":{"reasoning":"think "}}]}',
        '{"choices":[{"index":0,"delta":{"content":"第一條"}}]}',
        '{"choices":[{"index":0,"delta":{"content":" 本法"},"finish_reason":"stop"}]}',
        '{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":4}}',
        "[DONE]",
        '{"never": "read after DONE"}',
    ]
    one = Answer()
    done_one = False
    for data in events:
        if feed_event(one, data):
            done_one = True
            break
    together = Answer()
    assert feed_events(together, list(events)) is done_one is True
    assert (
        (together.text, together.reasoning_text, together.finish_reason)
        == (one.text, one.reasoning_text, one.finish_reason)
        == ("第一條 本法", "think ", "stop")
    )
    assert (together.prompt_tokens, together.completion_tokens) == (12, 4)


def test_feed_events_reports_a_bad_event_and_an_error_event() -> None:
    with pytest.raises(BadResponseError):
        feed_events(Answer(), ['{"choices": []}', "{not json"])
    with pytest.raises(BadResponseError) as info:
        feed_events(Answer(), ['{"error": {"message": "engine died"}}'])
    assert "engine died" in str(info.value)
