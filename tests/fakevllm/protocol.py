"""Pure parts of the fake: images, token accounting, request parsing, reply text.

Everything here mimics what vLLM 0.32's OpenAI server does for a Qwen2-VL-style
model, closely enough for a client to be tested against it.
"""

from __future__ import annotations

import base64
import binascii
import copy
import hashlib
import io
import math
import struct
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tests.fakevllm.knobs import Knobs

FACTOR = 28  # Qwen2-VL: 14 px patches merged 2x2

FILLER = (
    "第一條　本法所稱主管機關：在中央為內政部；在直轄市為直轄市政府；在縣（市）為縣（市）政府。\n"
    "第二條　本法用詞，定義如下：一、土地：指依法登記之土地。二、建築物：指定著於土地上之構造物。\n"
    "第三條　當事人得以書面約定管轄法院，但專屬管轄不在此限。\n"
    "第四條　前條規定，於本法施行前已發生之事項，亦適用之。\n"
)

DEFAULT_REASONING = (
    "好的，我需要把這一頁掃描影像的文字逐字轉錄。先看標題，再依序讀出各條條文，"
    "注意全形標點與條號，不要加上任何說明。"
)


class ApiError(Exception):
    """An error reply in vLLM's shape: {"error": {message, type, param, code}}."""

    TYPES: ClassVar[dict[int, str]] = {
        400: "BadRequestError",
        404: "NotFoundError",
        429: "RateLimitError",
    }

    def __init__(self, status: int, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.param = param

    def body(self) -> dict[str, Any]:
        return error_body(self.status, self.message, self.param)


def error_body(status: int, message: str, param: str | None = None) -> dict[str, Any]:
    kind = ApiError.TYPES.get(status, "ServiceUnavailableError" if status == 503 else None)
    kind = kind or ("InternalServerError" if status >= 500 else "BadRequestError")
    return {"error": {"message": message, "type": kind, "param": param, "code": status}}


# --- images -----------------------------------------------------------------


def image_size(data: bytes) -> tuple[str, int, int] | None:
    """(mime, width, height) from a JPEG or PNG header, or None if neither."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return "image/png", width, height
    if data[:2] != b"\xff\xd8":
        return None
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # standalone markers
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        is_sof = 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC)
        if is_sof and pos + 9 <= len(data):
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return "image/jpeg", width, height
        pos += 2 + length
    return None


def smart_resize(height: int, width: int, min_pixels: int, max_pixels: int) -> tuple[int, int]:
    """Qwen2-VL's resize: sides to multiples of 28, area within [min, max] pixels."""
    if max(height, width) / max(1, min(height, width)) > 200:
        raise ApiError(
            400,
            "absolute aspect ratio must be smaller than 200, got "
            f"{max(height, width) / max(1, min(height, width))}",
        )
    h_bar = max(FACTOR, round(height / FACTOR) * FACTOR)
    w_bar = max(FACTOR, round(width / FACTOR) * FACTOR)
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = max(FACTOR, math.floor(height / beta / FACTOR) * FACTOR)
        w_bar = max(FACTOR, math.floor(width / beta / FACTOR) * FACTOR)
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / FACTOR) * FACTOR
        w_bar = math.ceil(width * beta / FACTOR) * FACTOR
    return h_bar, w_bar


def image_tokens(width: int, height: int, knobs: Knobs) -> int:
    h_bar, w_bar = smart_resize(height, width, knobs.min_pixels, knobs.max_pixels)
    return (h_bar // FACTOR) * (w_bar // FACTOR)


def text_tokens(text: str) -> int:
    return math.ceil(len(text.encode("utf-8")) / 3)


TEMPLATE_TOKENS = 10  # per message


def load_image(url: Any) -> tuple[bytes, dict[str, Any]]:
    """Decode a data: URL; returns the bytes and the record's stand-in for the URL."""
    if not isinstance(url, str) or not url.startswith("data:") or "," not in url:
        raise ApiError(400, "Failed to load image: only data: URLs are supported by the fake")
    head, _, payload = url.partition(",")
    try:
        data = base64.b64decode(payload, validate=True) if head.endswith(";base64") else b""
    except (binascii.Error, ValueError) as exc:
        raise ApiError(400, f"Failed to load image: {exc}") from exc
    info: dict[str, Any] = {
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "width": None,
        "height": None,
        "mime": None,
    }
    return data, info


@dataclass
class ChatRequest:
    body: dict[str, Any]  # the JSON body with image data replaced by info dicts
    images: list[dict[str, Any]] = field(default_factory=list)
    first_image: bytes | None = None
    texts: list[str] = field(default_factory=list)
    prompt_tokens: int = 0
    max_tokens: int = 0
    stream: bool = False
    include_usage: bool = False
    logprobs: bool = False
    top_logprobs: int = 0


Sanitized = tuple[Any, list[tuple[dict[str, Any], bytes | None]]]


def sanitize(body: Any) -> Sanitized:
    """A copy of the body with image URLs replaced by info dicts (for the record)."""
    clean = copy.deepcopy(body)
    found: list[tuple[dict[str, Any], bytes | None]] = []
    messages = clean.get("messages") if isinstance(clean, dict) else None
    for message in messages if isinstance(messages, list) else []:
        content = message.get("content") if isinstance(message, dict) else None
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, dict) or part.get("type") != "image_url":
                continue
            holder = part.get("image_url")
            url = holder.get("url") if isinstance(holder, dict) else holder
            try:
                data, info = load_image(url)
            except ApiError as exc:
                data, info = None, {"error": exc.message}
            if data is not None and (size := image_size(data)) is not None:
                info["mime"], info["width"], info["height"] = size
            found.append((info, data))
            part["image_url"] = {"url": info}
    return clean, found


def parse_chat(body: Any, knobs: Knobs, sanitized: Sanitized | None = None) -> ChatRequest:
    """Validate a chat request as vLLM would; raises ApiError."""
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        raise ApiError(400, "1 validation error: messages: Field required")
    model = body.get("model")
    if model is not None and model != knobs.model:
        raise ApiError(
            404,
            f"The model `{model}` does not exist. Valid aliases: {knobs.model}.",
            "model",
        )
    if body.get("mm_processor_kwargs") and not knobs.trust_request_mm_kwargs:
        raise ApiError(
            400,
            "Per-request mm_processor_kwargs are disabled by default for security reasons. "
            "To allow them, start the server with --trust-request-mm-kwargs.",
        )
    clean, found = sanitized or sanitize(body)
    req = ChatRequest(body=clean, images=[info for info, _ in found])
    if len(found) > knobs.limit_images:
        raise ApiError(
            400, f"At most {knobs.limit_images} image(s) may be provided in one prompt.", "image"
        )
    prompt = 0
    for message in body["messages"]:
        if not isinstance(message, dict):
            raise ApiError(400, "1 validation error: messages: each message must be an object")
        prompt += TEMPLATE_TOKENS
        content = message.get("content")
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content
        for part in parts if isinstance(parts, list) else []:
            if isinstance(part, dict) and part.get("type") == "text":
                text = str(part.get("text", ""))
                req.texts.append(text)
                prompt += text_tokens(text)
    for info, data in found:
        if data is None or info["mime"] is None:
            if "error" in info:
                raise ApiError(400, info["error"])
            raise ApiError(
                400, f"Failed to load image: cannot identify image file {io.BytesIO(data or b'')!r}"
            )
        prompt += image_tokens(info["width"], info["height"], knobs)
        if req.first_image is None:
            req.first_image = data
    req.prompt_tokens = prompt
    limit = knobs.max_model_len
    if prompt > limit:
        raise ApiError(
            400, f"Input length ({prompt}) exceeds model's maximum context length ({limit})."
        )
    asked = body.get("max_completion_tokens")
    asked = body.get("max_tokens") if asked is None else asked
    if asked is not None:
        if not isinstance(asked, int) or isinstance(asked, bool) or asked < 1:
            raise ApiError(400, f"max_tokens must be at least 1, got {asked}.")
        if prompt + asked > limit:
            raise ApiError(
                400,
                f"'max_tokens' or 'max_completion_tokens' is too large: {asked}. This model's "
                f"maximum context length is {limit} tokens and your request has {prompt} "
                f"input tokens ({asked} > {limit} - {prompt}).",
            )
    req.max_tokens = asked if asked is not None else limit - prompt
    req.stream = bool(body.get("stream"))
    options = body.get("stream_options")
    if options is not None and not req.stream:
        raise ApiError(400, "Stream options can only be defined when `stream=True`.")
    req.include_usage = isinstance(options, dict) and bool(options.get("include_usage"))
    req.logprobs = bool(body.get("logprobs"))
    top = body.get("top_logprobs") or 0
    if not isinstance(top, int) or isinstance(top, bool) or not 0 <= top <= 20:
        raise ApiError(400, f"top_logprobs must be an integer in [0, 20], got {top!r}.")
    req.top_logprobs = top
    return req


# --- replies ----------------------------------------------------------------


def reply_text(req: ChatRequest, knobs: Knobs) -> str:
    """Deterministic per first image (or, without images, per prompt text)."""
    source = req.first_image
    if source is None:
        source = "\n".join(req.texts).encode("utf-8")
    digest = hashlib.sha256(source).hexdigest()
    if digest in knobs.replies:
        return knobs.replies[digest]
    start = int(digest[:8], 16) % len(FILLER)
    repeats = knobs.reply_chars // len(FILLER) + 2
    filler = (FILLER * repeats)[start : start + knobs.reply_chars]
    return f"FAKE {digest[:16]}\n{filler}"


def tokenize(text: str) -> list[str]:
    """Tokens of 1, 2, 1, 2 ... characters: ceil(len / 1.5) tokens."""
    tokens: list[str] = []
    pos, size = 0, 1
    while pos < len(text):
        tokens.append(text[pos : pos + size])
        pos += size
        size = 3 - size
    return tokens


ALTERNATIVES = ("的", "之", "。", "，", " ", "\n")


def logprob_entry(token: str, index: int, top: int) -> dict[str, Any]:
    """A per-token logprobs entry, deterministic in the token and its position."""
    seed = int(hashlib.sha256(f"{index}:{token}".encode()).hexdigest()[:6], 16)
    logprob = -round((seed % 1000) / 20000, 6)
    tops = [{"token": token, "logprob": logprob, "bytes": list(token.encode("utf-8"))}]
    for n, alt in enumerate(ALTERNATIVES):
        if len(tops) >= top:
            break
        if alt != token:
            alt_lp = round(logprob - 2.5 - n, 6)
            tops.append({"token": alt, "logprob": alt_lp, "bytes": list(alt.encode("utf-8"))})
    return {
        "token": token,
        "logprob": logprob,
        "bytes": list(token.encode("utf-8")),
        "top_logprobs": tops[:top],
    }
