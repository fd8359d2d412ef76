"""``proofdesk batch-prepare`` and ``batch-import``: offline batches through ``vllm run-batch``.

    proofdesk batch-prepare PDF --out DIR [--model NAME] [--shards N] [--pages 1-20]
                            [--max-model-len N] [--max-tokens N] [--max-pixels N]
                            [--media-root PATH] [--prompt FILE]
    proofdesk batch-import PDF DIR/results*.jsonl

Prepare writes the job folder (page images, ``requests.jsonl``, shards, a README
with the exact run-batch commands) and prints the commands; import stores each
answer as an ``ocr`` version and lists what failed or was cut off (exit 3 then).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from backend.cli.arguments import free_text, whole
from backend.cli.ocr import EXIT_SOME_FAILED, MAX_PIXELS, MAX_TOKENS, MIN_PIXELS, parse_pages
from backend.cli.output import PREFIX, say, say_json, warn
from backend.engines.base import SamplingParams
from backend.errors import ProfileError
from backend.i18n import _
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.importing import ImportReport, import_results
from backend.ocr.batch_files.prepare import (
    DEFAULT_MAX_MODEL_LEN,
    DEFAULT_MODEL,
    MAX_SHARDS,
    Document,
    PrepareOptions,
    prepare_batch,
)
from backend.ocr.batch_files.readme import run_batch_command
from backend.ocr.prompts import read_prompt_file
from backend.session.document_session import DocumentSession
from backend.settings.profiles import DEFAULT_MAX_PIXELS

MAX_CONTEXT = 10_000_000


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "batch-prepare",
        parents=[common],
        help=_("write a job folder for vLLM's offline batch runner (vllm run-batch)"),
    )
    p.add_argument("--out", type=Path, required=True, help=_("the job folder (new or empty)"))
    p.add_argument(
        "--model",
        type=free_text,
        default=DEFAULT_MODEL,
        help=_(
            "the model the nodes run (its name sets the image tokens; default {default_model})"
        ).format(default_model=DEFAULT_MODEL),
    )
    p.add_argument("--shards", type=whole(1, MAX_SHARDS), default=1, help=_("split for N nodes"))
    p.add_argument("--pages", type=free_text, help=_("page range, e.g. 1-20 or 3,5,9 (1-based)"))
    p.add_argument(
        "--max-model-len",
        type=whole(1, MAX_CONTEXT),
        default=DEFAULT_MAX_MODEL_LEN,
        help=_("the context the nodes run with (vLLM's --max-model-len)"),
    )
    p.add_argument("--max-tokens", type=whole(1, MAX_TOKENS), default=4096)
    p.add_argument(
        "--max-pixels",
        type=whole(MIN_PIXELS, MAX_PIXELS),
        default=DEFAULT_MAX_PIXELS,
        help=_("image budget per page in pixels"),
    )
    p.add_argument(
        "--media-root",
        type=Path,
        help=_("the job folder's absolute path on the nodes, if it differs from --out"),
    )
    p.add_argument(
        "--prompt", type=Path, help=_("a text file with the prompt (default: each page's own)")
    )
    i = sub.add_parser(
        "batch-import",
        parents=[common],
        help=_("store the answers of a vllm run-batch job as OCR versions"),
    )
    i.add_argument(
        "results", type=Path, nargs="+", help=_("results files, in the job folder (results*.jsonl)")
    )


def run_prepare(args: argparse.Namespace) -> int:
    if args.media_root is not None and not args.media_root.is_absolute():
        raise ProfileError(_("--media-root must be an absolute path (the folder on the nodes)."))
    fixed = read_prompt_file(args.prompt) if args.prompt else None
    session = DocumentSession.open(args.pdf, password=args.password, store_path=args.store)
    try:
        for notice in session.notices:
            warn(PREFIX + "notice: " + notice)
        info = session.pdf.info
        doc = Document(args.pdf, args.password, info.sha256, info.page_count, args.pdf.name)
        options = PrepareOptions(
            model=args.model,
            max_model_len=args.max_model_len,
            max_pixels=args.max_pixels,
            params=SamplingParams(max_tokens=args.max_tokens),
            pages=parse_pages(args.pages, info.page_count),
            shards=args.shards,
            media_root=args.media_root,
        )
        prompt_for = (lambda page: fixed) if fixed is not None else session.prompt_for
        done = asyncio.run(prepare_batch(doc, args.out, options, prompt_for))
    finally:
        session.close()
    manifest = layout.read_manifest(args.out)
    commands = _commands(manifest)
    if args.json:
        say_json(
            {
                "folder": str(done.folder),
                "pages": done.pages,
                "shards": done.shards,
                "bytes": done.bytes,
                "seconds": round(done.seconds, 2),
                "commands": commands,
                "skipped": [{"page": page + 1, "reason": why} for page, why in done.skipped],
            }
        )
        return EXIT_SOME_FAILED if done.skipped else 0
    say(
        _(
            "Prepared {pages} page(s) in {folder} ({shards} shard(s), {mb:.1f} MB, {s:.1f} s)."
        ).format(
            pages=done.pages,
            folder=done.folder,
            shards=done.shards,
            mb=done.bytes / 1e6,
            s=done.seconds,
        ),
        one_line=True,
    )
    say(_("Run in that folder (see its README.md):"), one_line=True)
    for command in commands:
        say(command, one_line=True)
    for page, why in done.skipped:  # left out of the batch: read them some other way
        warn(_("page {page}: left out — {reason}").format(page=page + 1, reason=why))
    return EXIT_SOME_FAILED if done.skipped else 0


def _commands(manifest: layout.Manifest) -> list[str]:
    if manifest.shards == 1:
        return [run_batch_command(manifest, layout.REQUESTS, "results.jsonl")]
    return [
        run_batch_command(
            manifest,
            f"{layout.SHARDS}/{layout.shard_name(i, manifest.shards)}",
            layout.results_name(i, manifest.shards),
        )
        for i in range(manifest.shards)
    ]


def run_import(args: argparse.Namespace) -> int:
    session = DocumentSession.open(args.pdf, password=args.password, store_path=args.store)
    try:
        for notice in session.notices:
            warn(PREFIX + "notice: " + notice)
        info = session.pdf.info
        report = import_results(
            session.store,
            sha256=info.sha256,
            page_count=info.page_count,
            name=args.pdf.name,
            files=list(args.results),
        )
    except BaseException:
        session.close()
        raise
    session.close()
    if session.backup_error:
        warn(PREFIX + session.backup_error)
    _report(report, as_json=args.json)
    return EXIT_SOME_FAILED if report.failed else 0


def _report(report: ImportReport, *, as_json: bool) -> None:
    if as_json:
        say_json(
            {
                "stored": report.stored,
                "already_imported": report.already,
                "kept_edits": report.kept_edits,
                "failed": [_problem(p) for p in report.failed],
                "cut_off": [_problem(p) for p in report.cut_off],
                "failed_count": report.failed_count,  # the lists keep the first 1,000
                "cut_off_count": report.cut_off_count,
                "ended_early_count": report.ended_early_count,  # among the cut-off ones
                "other_models": [
                    {"model": answered, "prepared_for": prepared, "answers": count}
                    for (answered, prepared), count in report.other_models.items()
                ],
                "other_models_count": report.other_models_count,
            }
        )
        return
    say(report.message, one_line=True)
    for note in report.model_warnings:  # the summary counts them; here, which models
        warn(note)
    for p in report.cut_off:  # at the token limit, or ended early: the reason says which
        warn(_("page {page}: {reason} ({where})").format(**_problem(p)))
    for p in report.failed:  # the runner's words: escaped by warn
        warn(_("page {page}: failed — {reason} ({where})").format(**_problem(p)))
    more = report.failed_count - len(report.failed) + report.cut_off_count - len(report.cut_off)
    if more:
        warn(_("… and {count} more problem(s) not listed.").format(count=more))
    sys.stderr.flush()


def _problem(p: Any) -> dict[str, Any]:
    return {"page": "?" if p.page is None else p.page + 1, "where": p.where, "reason": p.reason}
