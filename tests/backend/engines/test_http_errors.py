"""A failed HTTP answer becomes the ServerError that says what to do about it."""

from __future__ import annotations

import json

import httpx
import pytest

from backend.engines.http_errors import error_for_status, error_message, retry_after
from backend.errors import (
    AuthenticationError,
    BadResponseError,
    ContextTooLongError,
    EngineDeadError,
    ModelNotFoundError,
    RequestRejectedError,
    ServerBusyError,
    ServerError,
)

SERVER = "http://gpu-box:8000/v1"
MODEL = "qwen-ocr"

INPUT_TOO_LONG = "Input length (5621) exceeds model's maximum context length (4096)."
MAX_TOKENS_TOO_LARGE = (
    "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum "
    "context length is 4096 tokens and your request has 515 input tokens "
    "(8000 > 4096 - 515)."
)


def vllm_error(message: str, kind: str = "BadRequestError", code: int = 400) -> bytes:
    """vLLM 0.32's error body."""
    return json.dumps(
        {"error": {"message": message, "type": kind, "param": None, "code": code}}
    ).encode()


def fail(status: int, body: bytes = b"", headers: dict[str, str] | None = None) -> ServerError:
    return error_for_status(status, body, httpx.Headers(headers or {}), server=SERVER, model=MODEL)


# --- 400 -------------------------------------------------------------------------------


def test_input_too_long_is_a_context_error_with_the_numbers() -> None:
    err = fail(400, vllm_error(INPUT_TOO_LONG))
    assert type(err) is ContextTooLongError
    assert (err.needed, err.allowed) == (5621, 4096)
    assert "5,621" in str(err) and "4,096" in str(err)
    assert "--max-model-len" in str(err)
    assert err.status == 400
    assert err.server == SERVER
    assert not err.retryable


def test_max_tokens_too_large_is_a_context_error_counting_prompt_and_answer() -> None:
    err = fail(400, vllm_error(MAX_TOKENS_TOO_LARGE))
    assert type(err) is ContextTooLongError
    assert (err.needed, err.allowed) == (8000 + 515, 4096)
    message = str(err)
    assert "4,096" in message and "8,000" in message
    # The concrete fix: the room left once the page's 515 tokens are in.
    assert "3,581" in message
    assert not err.retryable


def test_context_error_is_a_request_rejection() -> None:
    assert isinstance(fail(400, vllm_error(INPUT_TOO_LONG)), RequestRejectedError)


def test_other_400_is_a_rejection_quoting_the_server() -> None:
    err = fail(400, vllm_error("temperature must be non-negative, got -1.0."))
    assert type(err) is RequestRejectedError
    assert "temperature must be non-negative, got -1.0." in str(err)
    assert err.detail == "HTTP 400: temperature must be non-negative, got -1.0."
    assert not err.retryable


def test_400_for_too_many_images_says_how_to_start_the_server() -> None:
    err = fail(400, vllm_error("At most 0 image(s) may be provided in one prompt."))
    assert type(err) is RequestRejectedError
    assert "--limit-mm-per-prompt" in str(err)


# --- 401 / 403 -------------------------------------------------------------------------


@pytest.mark.parametrize("status", [401, 403])
def test_refused_key_is_an_authentication_error(status: int) -> None:
    err = fail(status, b'{"error": "Unauthorized"}')
    assert type(err) is AuthenticationError
    assert "API key" in str(err)
    assert err.detail == f"HTTP {status}: Unauthorized"
    assert err.status == status
    assert not err.retryable


def test_401_with_an_empty_body() -> None:
    err = fail(401)
    assert type(err) is AuthenticationError
    assert "API key" in str(err)


# --- 404 -------------------------------------------------------------------------------


def test_unknown_model_names_the_valid_alias() -> None:
    body = vllm_error(
        f"The model `{MODEL}` does not exist. Valid aliases: Qwen/Qwen2.5-VL-7B-Instruct",
        kind="NotFoundError",
        code=404,
    )
    err = fail(404, body)
    assert type(err) is ModelNotFoundError
    assert MODEL in str(err)
    assert "Qwen/Qwen2.5-VL-7B-Instruct" in str(err)
    assert not err.retryable


def test_unknown_model_without_a_list_points_to_v1_models() -> None:
    err = fail(404, vllm_error(f"The model `{MODEL}` does not exist.", code=404))
    assert type(err) is ModelNotFoundError
    assert MODEL in str(err)
    assert "/v1/models" in str(err)


def test_404_without_a_model_message_is_still_model_not_found() -> None:
    err = fail(404, b'{"detail": "Not Found"}')
    assert type(err) is ModelNotFoundError
    assert MODEL in str(err)
    assert "Not Found" in str(err)


# --- busy and failing servers ---------------------------------------------------------


def test_429_with_retry_after_is_busy_and_retryable() -> None:
    err = fail(429, vllm_error("Too many requests", code=429), {"Retry-After": "7"})
    assert type(err) is ServerBusyError
    assert err.retry_after == 7.0
    assert err.retryable
    assert "HTTP 429" in str(err)


def test_429_without_retry_after() -> None:
    err = fail(429)
    assert type(err) is ServerBusyError
    assert err.retry_after is None


@pytest.mark.parametrize("status", [502, 503, 504])
def test_gateway_errors_are_busy_and_retryable(status: int) -> None:
    err = fail(status, b"<html><body>Bad Gateway</body></html>")
    assert type(err) is ServerBusyError
    assert err.retryable
    assert err.status == status


def test_gateway_timeout_reads_as_a_cold_start() -> None:
    err = fail(504, b"<html>504 Gateway Time-out</html>")
    assert "cold start" in str(err)


def test_503_with_retry_after_seconds() -> None:
    err = fail(503, b"starting up", {"retry-after": "30"})
    assert type(err) is ServerBusyError
    assert err.retry_after == 30.0


def test_500_from_a_dead_engine() -> None:
    body = vllm_error(
        "EngineCore encountered an issue. See stack trace (above) for the root cause.",
        kind="InternalServerError",
        code=500,
    )
    err = fail(500, body)
    assert type(err) is EngineDeadError
    assert "Restart the server" in str(err)
    assert err.retryable
    assert err.status == 500


def test_other_500_is_a_retryable_failure_quoting_the_server() -> None:
    err = fail(500, vllm_error("Internal Server Error", kind="InternalServerError", code=500))
    assert type(err) is ServerBusyError
    assert err.retryable
    assert "HTTP 500" in str(err)
    assert "Internal Server Error" in str(err)


def test_an_unexpected_status_is_a_bad_response() -> None:
    err = fail(418, b"I'm a teapot")
    assert type(err) is BadResponseError
    assert "HTTP 418" in str(err) and "I'm a teapot" in str(err)


def test_an_empty_body_is_not_quoted() -> None:
    assert "said" not in str(fail(500))


# --- retry_after -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [("7", 7.0), ("0", 0.0), ("1.5", 1.5), ("-3", 0.0), ("Wed, 21 Oct 2015 07:28:00 GMT", None)],
)
def test_retry_after_values(value: str, expected: float | None) -> None:
    assert retry_after(httpx.Headers({"Retry-After": value})) == expected


def test_retry_after_missing() -> None:
    assert retry_after(httpx.Headers({})) is None


# --- error_message ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (vllm_error("bad image"), "bad image"),
        # Older vLLM: the error fields at the top level.
        (b'{"object": "error", "message": "old style", "type": "x", "code": 400}', "old style"),
        (b'{"error": "Unauthorized"}', "Unauthorized"),
        (b'{"detail": "Not Found"}', "Not Found"),
        (b'{"error": {"detail": "nested detail"}}', "nested detail"),
        (b"  Service Unavailable\n", "Service Unavailable"),
        (b"", ""),
    ],
)
def test_error_message(body: bytes, expected: str) -> None:
    assert error_message(body) == expected


def test_error_message_of_fastapi_validation_detail_keeps_the_field_name() -> None:
    body = json.dumps(
        {"detail": [{"loc": ["body", "max_completion_tokens"], "msg": "must be positive"}]}
    ).encode()
    message = error_message(body)
    assert "max_completion_tokens" in message and "must be positive" in message


def test_error_message_survives_invalid_utf8() -> None:
    assert error_message(b"bad \xff\xfe gateway") == "bad \ufffd\ufffd gateway"


def test_error_message_of_a_long_html_page_is_cut() -> None:
    message = error_message(b"<html>" + b"x" * 5000 + b"</html>")
    assert message.startswith("<html>")
    assert len(message) <= 300


def test_error_message_of_a_long_json_message_is_cut() -> None:
    assert len(error_message(vllm_error("y" * 5000))) <= 500


# vLLM 0.32's own wording, recorded from the real CPU server serving the tiny model.
REAL_032_PROMPT_TOO_LONG = (
    b'{"error":{"message":"This model\'s maximum context length is 4096 tokens. However, your '
    b"prompt contains at least 4097 input tokens, which exceeds this limit even without any "
    b"output tokens. Please reduce the length of the input prompt. (parameter=input_tokens, "
    b'value=4097)","type":"BadRequestError","param":"input_tokens","code":400}}'
)
REAL_032_MAX_TOKENS = (
    b'{"error":{"message":"max_tokens=8000 cannot be greater than max_model_len=4096. Please '
    b'request fewer output tokens. (parameter=max_tokens, value=8000)","type":"BadRequestError",'
    b'"param":"max_tokens","code":400}}'
)


def test_vllm_032_prompt_too_long_wording() -> None:
    err = error_for_status(400, REAL_032_PROMPT_TOO_LONG, {}, server="s", model="tiny-vl")
    assert isinstance(err, ContextTooLongError)
    assert (err.needed, err.allowed) == (4097, 4096)
    assert "4,097" in str(err) and "4,096" in str(err) and "--max-model-len" in str(err)


def test_vllm_032_max_tokens_over_the_context_wording() -> None:
    err = error_for_status(400, REAL_032_MAX_TOKENS, {}, server="s", model="tiny-vl")
    assert isinstance(err, ContextTooLongError)
    assert (err.needed, err.allowed) == (8000, 4096)
    assert "8,000" in str(err) and "max tokens" in str(err).lower()
