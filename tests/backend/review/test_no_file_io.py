"""The review package opens no file: its tables are handed in (``ReviewTables``).

Two checks: no module under ``backend/review`` so much as names a file operation
(an AST scan), and a whole review of a sample page runs with every way of opening,
reading or statting a file made to fail. A table read or a stamp checked inside
the review (the legal rules' ``rules_stamp`` did on every critical check) fails both.
"""

from __future__ import annotations

import ast
import builtins
import io
import json
import os
import pathlib
from collections.abc import Iterator
from dataclasses import replace
from typing import NoReturn

import pytest

from backend.models import AltText
from backend.review import compare
from backend.review.page_aids import review_page
from backend.review.risk import page_risk
from backend.review.tables import ReviewTables
from backend.review.values import FlagKind
from tests.backend.review.tables import SETTINGS, TABLES
from tests.conftest import ROOT

REVIEW = ROOT / "backend" / "review"
# Method and function names that open, read, write, list or stat a file.
_FILE_CALLS = frozenset(
    {"open", "read_text", "read_bytes", "write_text", "write_bytes", "stat", "lstat"}
    | {"exists", "is_file", "is_dir", "iterdir", "glob", "rglob", "resolve", "touch"}
    | {"mkdir", "unlink", "listdir", "scandir", "walk", "getmtime", "getsize"}
    | {"isfile", "isdir", "read_transcripts", "connect"}
)
# Names that build a path to read: a path made here is a file read somewhere here.
_FILE_NAMES = frozenset({"__file__", "Path", "PurePath"})


def _file_uses(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _FILE_CALLS or name in _FILE_NAMES:
                yield node.lineno, f"{name}()"
        elif isinstance(node, ast.Name) and node.id == "__file__":
            yield node.lineno, "__file__"


def test_no_module_of_the_review_package_names_a_file_operation() -> None:
    modules = sorted(REVIEW.glob("*.py"))
    assert len(modules) > 20  # the package, not an empty folder
    found = [
        f"{path.name}:{line}: {what}"
        for path in modules
        for line, what in _file_uses(ast.parse(path.read_text("utf-8")))
    ]
    assert found == []


def test_the_scan_finds_a_file_read() -> None:
    """The scan itself: each way the old review read its tables is caught."""
    for source in (
        "TABLE = Path(__file__).parent / 'x.tsv'",
        "lines = path.read_text('utf-8')",
        "info = path.stat()",
        "with open(name) as f: pass",
        "ok = os.path.exists(name)",
    ):
        assert list(_file_uses(ast.parse(source))), source


def _refuse(*args: object, **kwargs: object) -> NoReturn:
    raise AssertionError(f"the review touched a file: {args!r}")


def _sample() -> tuple[str, AltText]:
    """Page 1 of the sample: its transcript and the RapidOCR reading, with a changed
    modal word, a changed amount and a Simplified character, so that every check runs."""
    samples = ROOT / "resources" / "samples"
    texts = [
        json.loads(line)["text"]
        for name in ("legal-sample.vlm-style.jsonl", "legal-sample.rapidocr.jsonl")
        for line in (samples / name).read_text("utf-8").splitlines()[:1]
    ]
    transcript, reading = texts
    reading = reading.replace("應予更正", "得予更正", 1).replace("特訂定", "特们定", 1)
    return transcript, AltText(reading + "\n給付新臺幣壹萬元。", "rapidocr")


def test_a_whole_review_opens_reads_and_stats_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    transcript, alternate = _sample()
    review_page(0, transcript, alternate, settings=SETTINGS)  # imports and messages loaded
    # Tables as fresh as a reload gives: every fold table is built inside the review.
    tables = ReviewTables(
        TABLES.rules, TABLES.punctuation, TABLES.variants, TABLES.simplified, files=TABLES.files
    )
    settings = replace(SETTINGS, compare=replace(SETTINGS.compare, tables=tables))
    compare._normalise_cached.cache_clear()
    with monkeypatch.context() as patched:
        for owner, name in (
            (builtins, "open"),
            (io, "open"),
            (os, "open"),
            (os, "stat"),
            (os, "lstat"),
            (os, "listdir"),
            (os, "scandir"),
            (pathlib.Path, "stat"),
            (pathlib.Path, "open"),
        ):
            patched.setattr(owner, name, _refuse)
        review = review_page(0, transcript, alternate, settings=settings)
        risk = page_risk(review, transcript, tables)
    assert review.count(FlagKind.CRITICAL) and review.count(FlagKind.DIFF)
    assert any("Simplified" in f.detail for f in review.flags)  # the folds were used
    assert risk.score > 0
