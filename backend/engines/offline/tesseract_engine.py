"""Tesseract through its command-line program: one ``tesseract stdin - tsv`` per page.

The CLI rather than a binding: the Debian package is all a user installs, and
a page that hangs or crashes Tesseract only costs a child process. TSV gives
each word with its box and confidence; words are grouped into Tesseract's own
lines. Tesseract separates CJK "words" (often single characters) with spaces
the page does not have; those are removed between two CJK characters.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from backend.engines.offline.base import (
    AltOcrError,
    AltOptions,
    AltReading,
    EngineMissingError,
    RawLine,
)
from backend.engines.offline.engine_spec import EngineSpec
from backend.engines.offline.page_image import read_rendered
from backend.i18n import N_, _

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument
    from backend.models import RenderedPage

# Spaces Tesseract puts between two CJK characters (ideographs, CJK and
# full-width punctuation, bopomofo): never in the original Chinese text.
_CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
)
_CJK_SPACE = re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")

_running: subprocess.Popen[bytes] | None = None  # killed with the worker (see worker.py)
_checked: dict[tuple[str, str], str] = {}  # (cmd, langs) → version, once per process


def install_hint() -> str:
    if sys.platform == "darwin":
        return _("Install it with: brew install tesseract tesseract-lang")
    if sys.platform == "win32":
        return _(
            "Install it from the UB Mannheim Tesseract installer with “Chinese "
            "(Traditional)” selected, and add it to PATH"
        )
    return _(
        "Install it with: sudo apt-get install tesseract-ocr "
        "tesseract-ocr-chi-tra (Fedora: sudo dnf install tesseract "
        "tesseract-langpack-chi_tra)"
    )


def check(cmd: str, langs: str) -> str:
    """The Tesseract version, after checking the program and every language exist."""
    key = (cmd, langs)
    if key not in _checked:
        path = _find(cmd)
        _check_languages(path, langs)
        _checked[key] = _version(path)
    return _checked[key]


def problem(options: AltOptions) -> str | None:
    """None when Tesseract and its languages are here, else what to install."""
    try:
        check(options.tesseract_cmd, options.tesseract_langs)
    except EngineMissingError as exc:
        return str(exc)
    return None


def _find(cmd: str) -> str:
    path = shutil.which(cmd)
    if path is None:
        raise EngineMissingError(
            _(
                "Tesseract is not installed (the program “{cmd}” was not found). {install_hint}."
            ).format(cmd=cmd, install_hint=install_hint())
        )
    return path


def _run_quick(args: list[str]) -> str:
    try:
        done = subprocess.run(args, capture_output=True, timeout=30, check=False, env=_env())
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EngineMissingError(
            _("Tesseract could not be started ({exc}). {install_hint}.").format(
                exc=exc, install_hint=install_hint()
            ),
            detail=repr(exc),
        ) from exc
    # Older versions print the language list on stderr.
    return (done.stdout + done.stderr).decode("utf-8", "replace")


def _check_languages(path: str, langs: str) -> None:
    listed = _run_quick([path, "--list-langs"]).splitlines()
    have = {line.strip() for line in listed[1:]}
    for lang in langs.split("+"):
        if lang not in have:
            package = "tesseract-ocr-" + lang.replace("_", "-")
            raise EngineMissingError(
                _(
                    "Tesseract is installed but lacks the “{lang}” language data needed to "
                    "read this document. Install it with: sudo apt-get install {package} "
                    "(macOS: brew install tesseract-lang)."
                ).format(lang=lang, package=package)
            )


def _version(path: str) -> str:
    first = _run_quick([path, "--version"]).strip().splitlines()
    return first[0].removeprefix("tesseract ").strip() if first else ""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # One OpenMP thread: on 2 cores Tesseract's spinning threads made a page take
    # 7.9 s wall instead of 2.3 s (measured here); pages run one per worker anyway.
    env.setdefault("OMP_THREAD_LIMIT", "1")
    return env


def read(image: bytes, *, dpi: float, cmd: str, langs: str, timeout_s: float) -> list[RawLine]:
    """Lines read from an encoded image (PGM/PNG); boxes in the image's pixels."""
    global _running
    path = _find(cmd)
    args = [path, "stdin", "-", "-l", langs, "--dpi", str(round(dpi)), "tsv"]
    try:
        proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env()
        )
    except OSError as exc:  # not executable, or not a program at all
        raise AltOcrError(
            _("Tesseract (“{cmd}”) could not be started: {value}.").format(
                cmd=cmd, value=exc.strerror or exc
            ),
            detail=repr(exc),
        ) from exc
    _running = proc
    try:
        out, err = proc.communicate(image, timeout=timeout_s)
    except subprocess.TimeoutExpired as exc:
        proc.kill()
        proc.communicate()
        raise AltOcrError(
            _("Tesseract took longer than {timeout_s:.0f} s on this page.").format(
                timeout_s=timeout_s
            )
        ) from exc
    finally:
        _running = None
    if proc.returncode != 0:
        message = err.decode("utf-8", "replace").strip()
        raise AltOcrError(_("Tesseract could not read this page."), detail=message[-2000:])
    return parse_tsv(out.decode("utf-8", "replace"))


def kill_running() -> None:
    """End a Tesseract still reading (the worker is being stopped)."""
    proc = _running
    if proc is not None and proc.poll() is None:
        proc.kill()


def parse_tsv(tsv: str) -> list[RawLine]:
    """Tesseract's TSV → one ``RawLine`` per text line, in reading order."""
    lines: dict[tuple[str, ...], list[tuple[str, float]]] = {}
    boxes: dict[tuple[str, ...], tuple[float, float, float, float]] = {}
    for cols in _rows(tsv):
        level, key = cols[0], tuple(cols[1:5])
        left, top, width, height = (float(c) for c in cols[6:10])
        if level == "4":
            boxes[key] = (left, top, left + width, top + height)
            lines.setdefault(key, [])
        elif level == "5" and cols[11].strip():
            lines.setdefault(key, []).append((cols[11].strip(), float(cols[10])))
    out = []
    for key, words in lines.items():
        if not words:
            continue
        confs = [c / 100 for _unused, c in words if c >= 0]
        text = join_words(w for w, _unused in words)
        score = sum(confs) / len(confs) if confs else None
        out.append(RawLine(text=text, box=boxes.get(key), score=score))
    return out


def _rows(tsv: str) -> Iterator[list[str]]:
    for row in tsv.splitlines()[1:]:  # the first line is the header
        cols = row.split("\t")
        if len(cols) >= 12 and cols[0].isdigit():
            yield cols


def join_words(words: Iterable[str]) -> str:
    return _CJK_SPACE.sub("", " ".join(words))


def read_page(doc: PdfDocument, page: int, options: AltOptions) -> AltReading:
    """``page`` rendered and read by one ``tesseract`` run, in the worker."""
    version = check(options.tesseract_cmd, options.tesseract_langs)

    def lines(rendered: RenderedPage, info: dict[str, Any]) -> list[RawLine]:
        return read(
            _to_pgm(rendered),
            dpi=info["dpi"],
            cmd=options.tesseract_cmd,
            langs=options.tesseract_langs,
            timeout_s=options.timeout_s,
        )

    return read_rendered(doc, page, options, engine=NAME, version=version, read=lines)


def _to_pgm(rendered: RenderedPage) -> bytes:
    # Grey PGM: Tesseract binarises anyway, and PGM costs no compression time.
    from PIL import Image

    size = (rendered.width, rendered.height)
    image = Image.frombuffer("RGB", size, rendered.samples, "raw", "RGB", rendered.stride, 1)
    out = io.BytesIO()
    image.convert("L").save(out, "PPM")
    return out.getvalue()


NAME = "tesseract"
ENGINE = EngineSpec(
    NAME,
    N_("Tesseract"),
    problem=problem,
    load=lambda options: check(options.tesseract_cmd, options.tesseract_langs),
    read=read_page,
)
