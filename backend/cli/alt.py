"""``proofdesk alt``: read pages with an offline engine and store them as alternate readings.

    proofdesk alt PDF --engine {ENGINE,import} [--pages 1-3,5]
                  [--from PATH] [--as-transcript] [--store PATH] [--json]

The engines are ``backend.engines.offline.registry``'s (``--help`` lists them).
Each page is stored as it finishes (Ctrl+C keeps the pages already read).
``--as-transcript`` stores the readings as the working transcript instead (a
machine without a VLM server); a page with a person's edit keeps the edit.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from backend.cli.arguments import free_text, real
from backend.cli.ocr import EXIT_INTERRUPTED, EXIT_SOME_FAILED, parse_pages
from backend.cli.output import control, fail, say, say_json, warn
from backend.engines.offline import (
    AltOcrRunner,
    AltOptions,
    AltReading,
    engine_names,
    engine_problem,
    read_imported,
    store_alt_text,
)
from backend.engines.offline.imported import IMPORT
from backend.errors import ProfileError
from backend.i18n import N_, _
from backend.session.document_session import DocumentSession

# Past 2,400 dpi a page is hundreds of megapixels; no OCR engine reads better for it.
MIN_DPI, MAX_DPI = 30.0, 2400.0


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "alt", parents=[common], help=_("read pages with an offline engine (alternate readings)")
    )
    p.add_argument("--engine", required=True, choices=[*engine_names(), IMPORT])
    p.add_argument(
        "--pages", type=free_text, help=_("page range, e.g. 1-3,5 (1-based; default: all)")
    )
    p.add_argument("--from", dest="source", type=Path, help=_("for --engine import: the text file"))
    p.add_argument(
        "--as-transcript",
        action="store_true",
        help=_("store as the working transcript (never over a person's edit)"),
    )
    p.add_argument(
        "--dpi", type=real(MIN_DPI, MAX_DPI), default=AltOptions.dpi, help=_("render resolution")
    )
    p.add_argument(
        "--tesseract-cmd",
        type=free_text,
        default=AltOptions.tesseract_cmd,
        help=_("tesseract program"),
    )


def run(args: argparse.Namespace) -> int:
    options = AltOptions(dpi=args.dpi, tesseract_cmd=args.tesseract_cmd)
    engine: str = args.engine
    if engine == IMPORT and args.source is None:
        raise ProfileError(_("--engine import needs --from PATH (a text, JSONL file or a folder)."))
    problem = None if engine == IMPORT else engine_problem(engine, options)  # import reads files
    if problem:
        return fail(problem)
    session = DocumentSession.open(args.pdf, password=args.password, store_path=args.store)
    report = _Report(session, engine, args.as_transcript)
    try:
        pages = parse_pages(args.pages, session.page_count) or range(session.page_count)
        if engine == IMPORT:
            for reading in read_imported(args.source, session.page_count):
                if reading.page in pages:
                    report.add(reading)
        else:
            asyncio.run(_read(args, options, engine, list(pages), report))
    except KeyboardInterrupt:
        control(sys.stderr, "\n")
        warn(_("proofdesk: stopped; pages already read are stored."))
        return EXIT_INTERRUPTED
    finally:
        session.close()
    report.print_summary(args.json)
    return EXIT_SOME_FAILED if report.failed else 0


async def _read(
    args: argparse.Namespace,
    options: AltOptions,
    engine: str,
    pages: list[int],
    report: _Report,
) -> None:
    runner = AltOcrRunner(options)
    try:
        await runner.run_pages(
            args.pdf,
            pages,
            engine,
            report.progress,
            on_result=report.add,
            password=args.password,
        )
    finally:
        runner.close()


class _Report:
    """Stores each reading as it arrives and keeps what to tell the user."""

    def __init__(self, session: DocumentSession, engine: str, as_transcript: bool) -> None:
        self.session = session
        self.engine = engine
        self.as_transcript = as_transcript
        self.rows: list[dict[str, Any]] = []
        self.failed = 0
        self.t0 = time.perf_counter()

    def add(self, reading: AltReading) -> None:
        row: dict[str, Any] = {
            "page": reading.page + 1,
            "chars": len(reading.text),
            "lines": len(reading.lines),
            "latency_s": reading.latency_s,
        }
        if reading.failed or not reading.text:
            self.failed += reading.failed
            row.update(version_id=None, notice=reading.notice or _("nothing was read"))
            warn(_("page {page}: {row}").format(page=reading.page + 1, row=row["notice"]))
        else:
            vid, change = store_alt_text(
                self.session.store, reading.page, reading, as_transcript=self.as_transcript
            )
            row.update(version_id=vid, working_text=change.text)
            if change.message:
                row["notice"] = change.message
        self.rows.append(row)

    def progress(self, done: int, total: int, page: int) -> None:
        row = self.rows[-1] if self.rows else {}
        warn(
            _("{done}/{total} pages: page {page}, {get} characters in {get2:.1f} s").format(
                done=done,
                total=total,
                page=page + 1,
                get=row.get("chars", 0),
                get2=row.get("latency_s", 0.0),
            )
        )

    def print_summary(self, as_json: bool) -> None:
        stored = sum(1 for r in self.rows if r.get("version_id") is not None)
        kind = N_("transcript (ocr)") if self.as_transcript else N_("alternate")
        elapsed = time.perf_counter() - self.t0
        if as_json:
            data: dict[str, Any] = {"engine": self.engine, "stored_as": kind}
            data |= {"stored": stored, "failed": self.failed, "elapsed_s": round(elapsed, 2)}
            data["pages"] = self.rows
            say_json(data)
            return
        for row in self.rows:
            if row.get("notice") and row.get("version_id") is not None:
                say(
                    _("page {page}: {notice}").format(page=row["page"], notice=row["notice"]),
                    one_line=True,
                )
        say(
            _(
                "done: {stored} page(s) stored as {kind} from {value}, {rows_count} "
                "without text ({failed} failed), in {elapsed:.1f} s"
            ).format(
                stored=stored,
                kind=_(kind),
                value=self.engine,
                rows_count=len(self.rows) - stored,
                failed=self.failed,
                elapsed=elapsed,
            )
        )
