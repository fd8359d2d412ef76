"""Where the model itself was unsure: token logprobs mapped onto the stored text.

A CJK character is three UTF-8 bytes and byte-level tokenizers may split it
over two or three tokens, so tokens are mapped by their *bytes*: the stream is
decoded byte by byte and each character takes the lowest logprob of the tokens
that made it. The stored text is the answer with thinking removed and
whitespace trimmed, so the decoded stream is located inside it; when it cannot
be located no flags are returned, since wrong underlines are worse than none.
"""

from __future__ import annotations

import codecs
import math
from collections.abc import Iterable, Sequence
from typing import Any

from backend.engines.base import TokenLogprob
from backend.i18n import _
from backend.review.diffing import Op, char_diff
from backend.review.values import Flag, FlagKind

DEFAULT_THRESHOLD = math.log(0.5)
_THINK_END = "</think>"


def low_confidence_flags(
    text: str,
    logprobs: Sequence[TokenLogprob] | Sequence[Sequence[Any]],
    threshold: float = DEFAULT_THRESHOLD,
) -> list[Flag]:
    """LOW_CONFIDENCE flags over runs of characters the model was unsure of.

    ``logprobs`` are ``TokenLogprob``s or their stored form ``[token, logprob,
    [bytes]]``. ``threshold`` is a logprob when <= 0 and a probability when in
    (0, 1]: a character is unsure when any of its tokens is below it.
    """
    limit = _as_logprob(threshold)
    stream, scores = _decode(_tokens(logprobs))
    aligned = _align(text, stream, scores)
    if aligned is None:
        return []
    return _merge([(i, score) for i, score in enumerate(aligned) if score < limit])


def remapped_confidence_flags(
    read: str,
    logprobs: Sequence[TokenLogprob] | Sequence[Sequence[Any]],
    text: str,
    threshold: float = DEFAULT_THRESHOLD,
) -> list[Flag]:
    """The unsure spans of the model's reading ``read``, carried onto ``text`` (the
    reading as the reviewer edited it) over the runs of text left unchanged."""
    old_flags = low_confidence_flags(read, logprobs, threshold)
    mapped: list[Flag] = []
    old_pos = new_pos = 0
    for part in char_diff(read, text):
        if part.op is Op.EQUAL:
            shift = new_pos - old_pos
            mapped += [
                Flag(f.start + shift, f.end + shift, f.kind, f.detail)
                for f in old_flags
                if old_pos <= f.start and f.end <= old_pos + len(part.text)
            ]
            old_pos += len(part.text)
            new_pos += len(part.text)
        elif part.op is Op.DELETE:
            old_pos += len(part.text)
        else:
            new_pos += len(part.text)
    return mapped


def _as_logprob(threshold: float) -> float:
    if threshold > 1:
        raise ValueError(
            _(
                "a confidence threshold is a probability <= 1 or a logprob <= 0, not {threshold}"
            ).format(threshold=threshold)
        )
    return math.log(threshold) if threshold > 0 else threshold


def _tokens(
    logprobs: Iterable[TokenLogprob] | Iterable[Sequence[Any]],
) -> list[tuple[bytes, float]]:
    """(bytes, logprob) per token; a missing logprob counts as sure."""
    tokens = []
    for item in logprobs:
        if isinstance(item, TokenLogprob):
            token, logprob, values = item.token, item.logprob, item.byte_values
        else:
            token, logprob = item[0], item[1]
            values = item[2] if len(item) > 2 and item[2] is not None else ()
        raw = bytes(values) if values else str(token).encode("utf-8")
        tokens.append((raw, 0.0 if logprob is None else float(logprob)))
    return tokens


def _decode(tokens: list[tuple[bytes, float]]) -> tuple[str, list[float]]:
    """The decoded stream and, per character, the lowest logprob among its bytes."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    chars: list[str] = []
    scores: list[float] = []
    pending = 0.0  # lowest logprob of the bytes of a character not yet complete
    for raw, logprob in tokens:
        for byte in raw:
            pending = min(pending, logprob)
            decoded = decoder.decode(bytes([byte]))
            for char in decoded:
                chars.append(char)
                scores.append(pending)
            if decoded:
                pending = 0.0
    return "".join(chars), scores


def _align(text: str, stream: str, scores: list[float]) -> list[float] | None:
    """Each character of ``text`` with its score, or None if ``text`` is not in the stream.

    The answer follows the thinking, so it is looked for only after the last
    </think> (a draft inside the thinking must not lend it its scores). It was
    trimmed, so an exact find usually works; failing that, the texts are matched
    ignoring whitespace (line ends may have been normalised), and whitespace,
    which is never flagged, scores as sure.
    """
    think = stream.rfind(_THINK_END)
    begin = 0 if think < 0 else think + len(_THINK_END)
    found = stream.find(text, begin) if text else -1
    if found >= 0:
        return [0.0 if c.isspace() else scores[found + i] for i, c in enumerate(text)]
    solid = [i for i in range(begin, len(stream)) if not stream[i].isspace()]
    text_solid = [i for i, c in enumerate(text) if not c.isspace()]
    squeezed = "".join(text[i] for i in text_solid)
    found = "".join(stream[i] for i in solid).find(squeezed) if squeezed else -1
    if found < 0:
        return None
    aligned = [0.0] * len(text)
    for k, i in enumerate(text_solid):
        aligned[i] = scores[solid[found + k]]
    return aligned


def _merge(low: list[tuple[int, float]]) -> list[Flag]:
    """One flag per run of adjacent unsure characters, with the run's lowest probability."""
    flags: list[Flag] = []
    run: list[tuple[int, float]] = []
    for item in [*low, (-2, 0.0)]:  # a sentinel closes the last run
        if run and item[0] != run[-1][0] + 1:
            p = math.exp(min(score for _at, score in run))
            detail = _("model was unsure (p={p:.2f})").format(p=p)
            flags.append(Flag(run[0][0], run[-1][0] + 1, FlagKind.LOW_CONFIDENCE, detail))
            run = []
        run.append(item)
    return flags
