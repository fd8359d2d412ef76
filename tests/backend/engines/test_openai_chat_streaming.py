"""Streamed chat answers: server-sent events and the chunks vLLM sends in them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from backend.engines.base import TokenLogprob
from backend.engines.openai_chat import Answer, feed_event, feed_events, split_events
from backend.errors import BadResponseError
from tests.backend.engines.openai_chat_helpers import MODEL

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


# --- split_events: the server-sent events, as production parses them ----------------


def decode(lines: list[str]) -> list[str]:
    """The payloads of a stream of ``lines``, as ``chat_stream`` parses it: the complete
    events, then what is left once the body ends."""
    raw = "".join(f"{line}\n" for line in lines).encode()
    payloads, parsed_to = split_events(raw)
    rest, _unused = split_events(raw[parsed_to:] + b"\n\n")
    return payloads + rest


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


def test_sse_an_unterminated_last_event_comes_once_the_body_ends() -> None:
    payloads, parsed_to = split_events(b"data: one\n\ndata: tail")
    assert (payloads, parsed_to) == (["one"], len(b"data: one\n\n"))
    assert decode(["data: one", "", "data: tail"]) == ["one", "tail"]


def test_sse_crlf_lines_and_events_cut_anywhere() -> None:
    raw = 'data: {"a":\r\ndata: 1}\r\n\r\ndata: 第一條\r\n\r\n'.encode()
    whole = split_events(raw + b"\n\n")[0]
    assert whole == ['{"a":\n1}', "第一條"]
    for cut in range(len(raw) + 1):  # a chunk boundary anywhere, even inside a character
        head, parsed_to = split_events(raw[:cut])
        assert head + split_events(raw[:cut][parsed_to:] + raw[cut:] + b"\n\n")[0] == whole


def test_sse_feeds_a_whole_vllm_stream_into_an_answer() -> None:
    raw = "".join(f"data: {data}\n\n" for data in VLLM_STREAM).encode()
    payloads, _unused = split_events(raw)
    answer = Answer()
    assert feed_events(answer, payloads)
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
