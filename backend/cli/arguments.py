"""The CLI's argument parser and its typed values: bad input is one line, exit 2.

argparse's own ``type=int``/``type=float`` take ``nan``, ``inf``, ``-1`` and a
5,000-digit number, and pass them on to code that then fails with a traceback
far from the option that caused it. The converters here check each value where
it is typed (finite, in range, valid text) so argparse reports it, naming the
option. ``Parser`` makes that report one escaped line on stderr instead of
argparse's usage block, the same shape as every other CLI error.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable
from typing import NoReturn
from urllib.parse import urlsplit

from backend.cli.output import EXIT_BAD_INPUT, PREFIX, shown, warn
from backend.i18n import _

# Digits beyond this are no number anyone means (and int() refuses 4,300 of them).
MAX_DIGITS = 30
SHOWN_CHARS = 40  # how much of a bad value an error line quotes
_SURROGATE = re.compile("[\ud800-\udfff]")
_URL_FORBIDDEN = re.compile(r"[\x00-\x20\x7f-\x9f]")


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line: ``proofdesk: ocr: ...``."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("proofdesk").strip()
        where = f"{command}: " if command else ""
        warn(
            _("{prefix}{where}{message} (see “{prog} --help”).").format(
                prefix=PREFIX, where=where, message=message, prog=self.prog
            )
        )
        sys.exit(EXIT_BAD_INPUT)


def quoted(value: str) -> str:
    """A bad value as an error line quotes it: escaped, and cut if long."""
    text = shown(value)
    return f"“{text[:SHOWN_CHARS]}…”" if len(text) > SHOWN_CHARS else f"“{text}”"


def whole(low: int, high: int, *, or_zero: bool = False) -> Callable[[str], int]:
    """A converter for a whole number from ``low`` to ``high`` (or 0, "the default")."""
    span = f"{low:,} to {high:,}"
    expected = (
        _("0 or a whole number from {span}").format(span=span)
        if or_zero
        else _("a whole number from {span}").format(span=span)
    )

    def convert(text: str) -> int:
        digits = text.strip()
        try:
            if len(digits) > MAX_DIGITS:
                raise ValueError(digits)
            value = int(digits)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("expected {expected}, not {text}").format(expected=expected, text=quoted(text))
            ) from None
        if not (low <= value <= high or (or_zero and value == 0)):
            raise argparse.ArgumentTypeError(
                _("expected {expected}, not {text}").format(expected=expected, text=quoted(text))
            )
        return value

    convert.__name__ = _("whole number")  # argparse names the type in some messages
    return convert


def real(low: float, high: float, *, or_zero: bool = False) -> Callable[[str], float]:
    """A converter for a finite number from ``low`` to ``high`` (or 0, "the default")."""
    span = _("from {low:g} to {high:g}").format(low=low, high=high)
    expected = (
        _("0 or a number {span}").format(span=span)
        if or_zero
        else _("a number {span}").format(span=span)
    )

    def convert(text: str) -> float:
        try:
            if len(text.strip()) > MAX_DIGITS:
                raise ValueError(text)
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("expected {expected}, not {text}").format(expected=expected, text=quoted(text))
            ) from None
        # NaN fails every comparison, so it lands here along with inf and the out of range.
        if not (math.isfinite(value) and (low <= value <= high or (or_zero and value == 0))):
            raise argparse.ArgumentTypeError(
                _("expected {expected}, not {text}").format(expected=expected, text=quoted(text))
            )
        return value

    convert.__name__ = "number"
    return convert


def integer(value: str) -> int:
    """Any whole number of sane length: the range is the caller's to check (``plan``)."""
    digits = value.strip()
    try:
        if len(digits) > MAX_DIGITS:
            raise ValueError(digits)
        return int(digits)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {value}").format(value=quoted(value))
        ) from None


def finite(text: str) -> float:
    """Any finite number: the range is the caller's to check and explain (``plan``)."""
    try:
        value = float(text) if len(text.strip()) <= MAX_DIGITS else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(
            _("expected a finite number, not {text}").format(text=quoted(text))
        )
    return value


def free_text(value: str) -> str:
    """Free text as typed. Bytes that are not UTF-8 reach Python as lone surrogates,
    which no file, store or server can take: refused here, by the option's name."""
    if _SURROGATE.search(value) or "\x00" in value:
        raise argparse.ArgumentTypeError(
            _("{value} holds bytes that are not text (UTF-8); type it again").format(
                value=quoted(value)
            )
        )
    return value


def server_url(value: str) -> str:
    """A server address that the HTTP client can parse (the profile checks the rest)."""
    url = free_text(value).strip()
    if _URL_FORBIDDEN.search(url):
        raise argparse.ArgumentTypeError(
            _("{value} is not a URL: it holds spaces or control characters").format(
                value=quoted(value)
            )
        )
    try:
        urlsplit(url).port  # noqa: B018 - reading it is the check: a bad port raises
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a URL like http://127.0.0.1:8000/v1").format(value=quoted(value))
        ) from None
    return url
