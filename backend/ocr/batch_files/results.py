"""Reading ``vllm run-batch`` output: one OpenAI Batch result per line.

    {"id": "...", "custom_id": "pd1-...", "response": {"status_code": 200,
     "request_id": "...", "body": {chat.completion}}, "error": null}

A results file came from a machine ProofDesk does not control, so it is read
like a server's answer: line by line within a byte bound, the body through the
same parser as a live answer (``parse_completion``), its text through the same
cleaning (``ServerText``) and think stripping. A line that is not a result, or
a failed request, becomes an entry with ``error`` set: the import lists it and
goes on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from backend.engines.base import TokenLogprob, at_token_limit, ended_early
from backend.engines.openai_chat import parse_completion, strip_thinking
from backend.engines.server_text import ServerText
from backend.errors import BatchFileError, ProofDeskError
from backend.i18n import _
from backend.ocr.batch_files.layout import PageKey, parse_custom_id
from backend.safe_text import admit

MAX_LINE_BYTES = 64 << 20  # a page's answer with logprobs is ~1 MB; far past it is not one


@dataclass(frozen=True)
class ResultEntry:
    file: str  # the results file's name
    line: int  # 1-based
    custom_id: str
    key: PageKey | None  # None: not a ProofDesk custom_id
    line_sha256: str  # the same line imported twice is the same reading
    result_id: str = ""
    error: str = ""  # why there is no reading ("" when there is one)
    text: str = ""
    reasoning: str | None = None
    finish_reason: str | None = None
    model: str = ""
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    logprobs: tuple[TokenLogprob, ...] = ()
    warnings: tuple[str, ...] = ()
    replaced: int = 0  # characters of the text ``safe_text.admit`` replaced

    @property
    def truncated(self) -> bool:
        return at_token_limit(self.finish_reason)

    @property
    def ended_early(self) -> bool:
        """Stopped for another reason than its end or the token limit (vLLM's "abort",
        "repetition"...): the text may be incomplete (``engines.base.ended_early``)."""
        return ended_early(self.finish_reason)


def read_results(path: Path) -> Iterator[ResultEntry]:
    """Every line of a results file as an entry; ``BatchFileError`` if it cannot be read."""
    clean = ServerText(None)
    try:
        f = path.open("rb")
    except FileNotFoundError:
        raise BatchFileError(
            _("The results file “{name}” was not found.").format(name=path.name)
        ) from None
    except OSError as exc:
        raise BatchFileError(
            _("The results file “{name}” cannot be read ({reason}).").format(
                name=path.name, reason=exc.strerror or exc
            )
        ) from None
    with f:
        for number, raw in enumerate(_lines(f, path.name), start=1):
            if raw.strip():
                yield _entry(path.name, number, raw, clean)


def _lines(f: Any, name: str) -> Iterator[bytes]:
    while True:
        raw = f.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES:
            raise BatchFileError(
                _("“{name}” has a line over {size} MB: it is not a batch results file.").format(
                    name=name, size=MAX_LINE_BYTES >> 20
                )
            )
        yield raw


def _entry(name: str, number: int, raw: bytes, clean: ServerText) -> ResultEntry:
    sha = hashlib.sha256(raw.strip()).hexdigest()
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        obj = None
    if not isinstance(obj, dict):
        error = _("line {line} is not a batch result (not a JSON object)").format(line=number)
        return ResultEntry(name, number, "", None, sha, error=error)
    cid = obj.get("custom_id")
    cid_text = clean.excerpt(cid, 200) if isinstance(cid, str) else ""
    base = ResultEntry(
        name,
        number,
        cid_text,
        parse_custom_id(cid),
        sha,
        result_id=clean.excerpt(obj["id"], 200) if isinstance(obj.get("id"), str) else "",
    )
    failure = _failure(obj, clean)
    if failure:
        return _with(base, error=failure)
    body = obj["response"]["body"]
    try:
        answer = parse_completion(json.dumps(body).encode())
    except ProofDeskError as exc:
        return _with(base, error=clean.excerpt(str(exc), 300))
    text, thinking = strip_thinking(clean.page(answer.text))
    admitted = admit(text)  # the same boundary as a live answer's
    reasoning = answer.reasoning_text
    thought = clean.page(reasoning) if reasoning else thinking
    model = body.get("model") if isinstance(body.get("model"), str) else ""
    return _with(
        base,
        text=admitted.text,
        reasoning=admit(thought).text if thought else None,
        finish_reason=clean.excerpt(answer.finish_reason, 40) if answer.finish_reason else None,
        model=clean.excerpt(model, 200),
        prompt_tokens=answer.prompt_tokens,
        completion_tokens=answer.completion_tokens,
        logprobs=tuple(
            TokenLogprob(clean.page(t.token), t.logprob, t.byte_values) for t in answer.logprobs
        ),
        warnings=(*answer.warning_messages, *admitted.warnings),
        replaced=admitted.replaced,
    )


def _failure(obj: dict[str, Any], clean: ServerText) -> str:
    """Why this result holds no answer, in the runner's words; "" when it holds one."""
    response = obj.get("response")
    status = response.get("status_code") if isinstance(response, dict) else None
    body = response.get("body") if isinstance(response, dict) else None
    if obj.get("error") is None and status == 200 and isinstance(body, dict):
        return ""
    said = _message(obj.get("error")) or _message(body)
    if status not in (None, 200):
        prefix = _("HTTP {status}").format(status=status)
        return clean.excerpt(f"{prefix}: {said}" if said else prefix, 300)
    return clean.excerpt(said, 300) if said else _("the batch runner gave no answer")


def _message(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        inner = value.get("error", value)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(value.get("message"), str):
            return str(value["message"])
    return ""


def _with(base: ResultEntry, **changes: Any) -> ResultEntry:
    return replace(base, **changes)
