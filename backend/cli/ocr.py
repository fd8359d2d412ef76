"""``proofdesk ocr``: run a document (or some pages) through a vLLM server, headless.

    proofdesk ocr PDF --server URL [--model M] [--pages 1-20] [--concurrency N]
                  [--prompt FILE] [--store PATH] [--only unprocessed|failed] [--force]
    proofdesk ocr PDF --engine transformers --model-path DIR [--device cuda|cpu] [...]

The API key comes from the environment (``PROOFDESK_API_KEY``, or the variable
named by ``--api-key-env``), never from the command line, where other users
could read it in the process list. Ctrl+C stops cleanly: finished pages are
stored, and ``--resume`` continues the job later.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from backend.cli import local_engine as cli_local
from backend.cli.arguments import free_text, real, server_url, whole
from backend.cli.output import control, warn, write_escaped
from backend.documents.page_ranges import parse_page_ranges
from backend.documents.render_service import RenderService
from backend.engines.base import SamplingParams
from backend.engines.clients import PageClient
from backend.engines.vllm import VllmClient
from backend.errors import PageRangeError, ProfileError
from backend.i18n import _
from backend.ocr.batch import BatchEvent, BatchStats
from backend.ocr.jobs import JobSpec, OcrJobRunner, stored_params
from backend.ocr.pipeline import PagePreparer
from backend.ocr.prompts import read_prompt_file
from backend.session.document_session import DocumentSession
from backend.settings.profiles import ServerProfile
from backend.store.job_rows import Selection

_HEADER_SAFE = re.compile(r"[\x21-\x7e]+")  # what an Authorization header can carry
EXIT_SOME_FAILED = 3
EXIT_INTERRUPTED = 130
# The ranges --concurrency, --max-tokens, --max-pixels and --timeout accept: past
# them no server or page makes sense, and a typo (an extra zero or three) is caught.
MAX_CONCURRENCY = 1024
MAX_TOKENS = 1_000_000
MIN_PIXELS = 3_136  # 56 × 56: the smallest image a Qwen-VL processor takes
MAX_PIXELS = 100_000_000
MAX_TIMEOUT_S = 86_400.0  # a day


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("ocr", parents=[common], help=_("transcribe pages (vLLM or local model)"))
    p.add_argument(
        "--server",
        action="append",
        metavar="URL",
        type=server_url,
        help=_(
            "OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 (repeat to spread pages)"
        ),
    )
    p.add_argument(
        "--model", type=free_text, help=_("model name (default: the server's only model)")
    )
    cli_local.add_arguments(p)  # --engine transformers --model-path DIR
    p.add_argument("--pages", type=free_text, help=_("page range, e.g. 1-20 or 3,5,9 (1-based)"))
    p.add_argument(
        "--only", choices=["unprocessed", "failed"], help=_("only pages not read yet / that failed")
    )
    p.add_argument(
        "--force",
        action="store_true",
        help=_("also run pages with edits or approval (never replaces them)"),
    )
    p.add_argument(
        "--concurrency",
        type=whole(1, MAX_CONCURRENCY, or_zero=True),
        default=0,
        help=_("pages in flight per server (default: adapt)"),
    )
    p.add_argument(
        "--prompt", type=Path, help=_("a text file with the prompt (default: the legal OCR preset)")
    )
    p.add_argument("--max-tokens", type=whole(1, MAX_TOKENS), default=4096)
    p.add_argument(
        "--max-pixels",
        type=whole(MIN_PIXELS, MAX_PIXELS, or_zero=True),
        default=0,
        help=_("image budget per page in pixels"),
    )
    p.add_argument(
        "--api-key-env",
        type=free_text,
        default="PROOFDESK_API_KEY",
        help=_("environment variable holding the API key"),
    )
    p.add_argument(
        "--timeout",
        type=real(0.1, MAX_TIMEOUT_S, or_zero=True),
        default=0,
        help=_(
            "seconds one page may take, its whole answer and its retries included "
            "(also bounds each server check); 0: the profile's timeouts"
        ),
    )
    p.add_argument("--resume", action="store_true", help=_("continue the last unfinished job"))
    p.add_argument(
        "--as-alternates",
        action="store_true",
        help=_("store the readings as alternates to compare with (e.g. a second model)"),
    )
    p.add_argument(
        "--allow-plain-http",
        action="store_true",
        help=_("send pages over unencrypted http:// to a host other than this machine"),
    )


def parse_pages(text: str | None, page_count: int) -> tuple[int, ...] | None:
    """``parse_page_ranges`` for ``--pages``: its error is a ``ProfileError`` naming the option."""
    try:
        return parse_page_ranges(text, page_count)
    except PageRangeError as exc:
        raise ProfileError(_("--pages: {exc}").format(exc=exc)) from exc


def api_key_from(variable: str) -> str | None:
    """The API key in ``variable``, or ``None``. It travels in an HTTP header, which
    takes visible ASCII only: a key with a line break, a space or a non-ASCII
    character (a copy-paste gone wrong) is refused here, without quoting it."""
    key = os.environ.get(variable) or None
    if key is not None and not _HEADER_SAFE.fullmatch(key):
        raise ProfileError(
            _(
                "The API key in {variable} holds spaces, line breaks or characters other "
                "than ASCII letters, digits and punctuation; set the variable to the key "
                "alone."
            ).format(variable=variable)
        )
    return key


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_run(args))
    except KeyboardInterrupt:
        control(sys.stderr, "\n")
        warn(_("proofdesk: stopped; finished pages are saved (continue with --resume)."))
        return EXIT_INTERRUPTED


async def _run(args: argparse.Namespace) -> int:
    # Without --prompt each page is read with its own prompt: the page's or the
    # document's override saved in the GUI, else the default preset.
    prompt = read_prompt_file(args.prompt) if args.prompt else None
    params = SamplingParams(max_tokens=args.max_tokens)
    key = api_key_from(args.api_key_env)
    cli_local.check(args)
    session = DocumentSession.open(args.pdf, password=args.password, store_path=args.store)
    store_thread = ThreadPoolExecutor(1, thread_name_prefix="store")
    renderer = RenderService(
        args.pdf, args.password, upload_workers=max(1, min(2, os.cpu_count() or 1))
    )
    clients: list[PageClient] = []
    try:
        if args.engine == "transformers":
            clients.append(await cli_local.start(args))
        for i, url in enumerate(args.server or ()):
            clients.append(await _connect(url, args, key, name=f"server {i + 1}"))
        loop = asyncio.get_running_loop()
        progress = _ProgressLine(sys.stderr)
        runner = OcrJobRunner(
            jobs=session.jobs,
            page_count=session.page_count,
            preparer=PagePreparer(renderer),
            clients=clients,
            prompt_for=session.prompt_for,
            run_in_store=lambda fn: loop.run_in_executor(store_thread, fn),
            on_event=progress.on_event,
        )
        job, params, prompt = await _job(runner, args, session.page_count, params, prompt)
        if prompt is not None:
            fixed = prompt
            runner.prompt_for = lambda page: fixed
        stats = await runner.run(job, params)
        progress.finish(stats)
        failed = [p for p in runner.jobs.pages(job) if p.state.value == "failed"]
        for p in failed:  # the reason is the server's words: escaped
            warn(_("page {page}: failed — {reason}").format(page=p.page + 1, reason=p.reason))
        return EXIT_SOME_FAILED if failed else 0
    finally:
        for client in clients:
            await client.aclose()
        renderer.close()
        store_thread.shutdown(wait=True)
        session.close()


async def _connect(url: str, args: argparse.Namespace, key: str | None, *, name: str) -> VllmClient:
    profile = ServerProfile(name=name, base_url=url, max_concurrency=args.concurrency)
    if profile.validated().needs_plain_http_warning and not args.allow_plain_http:
        raise ProfileError(
            _(
                "{url} is plain http:// to another machine: the pages would cross the "
                "network unencrypted. Use https://, or pass --allow-plain-http if that "
                "network is trusted."
            ).format(url=url)
        )
    if args.timeout:  # the page's deadline, retries included: trickling cannot stretch it
        profile = profile.with_(first_token_timeout_s=args.timeout, total_timeout_s=args.timeout)
    if args.max_pixels:
        profile = profile.with_(max_pixels=args.max_pixels)
    client = VllmClient(profile, key)
    try:
        models = await client.models()
        chosen = [m for m in models if m.id == args.model] if args.model else models
        if not chosen:
            names = ", ".join(m.id for m in models) or "none"
            raise ProfileError(
                _("{url} does not serve “{model}” (it serves: {names}).").format(
                    url=url, model=args.model, names=names
                )
            )
        if len(chosen) > 1:
            raise ProfileError(
                _("{url} serves several models; choose one with --model: {models}").format(
                    url=url, models=", ".join(m.id for m in chosen)
                )
            )
        client.profile = profile.with_(
            model=chosen[0].id, max_model_len=chosen[0].max_model_len or 0
        )
        return client
    except BaseException:
        await client.aclose()
        raise


async def _job(
    runner: OcrJobRunner,
    args: argparse.Namespace,
    page_count: int,
    params: SamplingParams,
    prompt: str | None,
) -> tuple[int, SamplingParams, str | None]:
    """The job to run, with the parameters and prompt it was created with."""
    if args.resume:
        unfinished = runner.jobs.unfinished()
        if unfinished:
            stored = runner.jobs.summary(unfinished[0]).spec
            return unfinished[0], stored_params(stored), stored.get("prompt")
        warn(_("proofdesk: no unfinished job; starting a new one."))
    selection = Selection(args.only) if args.only else Selection.ALL
    pages = parse_pages(args.pages, page_count)
    spec = JobSpec(selection, pages, args.force, params, prompt, as_alternates=args.as_alternates)
    return await runner.create(spec), params, prompt


class _ProgressLine:
    """One self-rewriting status line on a terminal; plain lines otherwise.

    The line is rewritten with our own ``\\r\\x1b[2K``; what the server says (a
    failed page's reason, a lane going down) is escaped, so it can neither clear
    the screen nor overwrite the line with a fake "all pages done".
    """

    CLEAR_LINE = "\r\x1b[2K"

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = out.isatty()
        self.warned = 0  # pages stored with a warning

    def on_event(self, event: BatchEvent) -> None:
        s = event.stats
        if event.kind == "retry" and event.page is not None:  # why, and what comes next
            self._line(
                _("page {page}: trying again (attempt {attempt} of {attempts}) — {reason}").format(
                    page=event.page + 1,
                    attempt=event.attempt,
                    attempts=event.attempts,
                    reason=event.message,
                )
            )
        if event.kind in ("failed", "lane_down", "lane_disabled"):
            where = (
                _("page {page}").format(page=event.page + 1)
                if event.page is not None
                else event.lane
            )
            self._line(f"{where}: {event.message}")
        if event.kind == "done" and event.page is not None:
            # As the batch panel lists them: cut off, empty, thinking only, ...
            self.warned += bool(event.warnings)
            for warning in event.warnings:
                self._line(
                    _("page {page}: warning — {warning}").format(
                        page=event.page + 1, warning=warning
                    )
                )
        if event.kind in ("done", "failed") or self.tty:
            self._status(s)

    def _status(self, s: BatchStats) -> None:
        eta = _(", ETA {eta_s:.0f} s").format(eta_s=s.eta_s) if s.eta_s is not None else ""
        line = _(
            "{finished}/{total} pages ({failed} failed), {pages_per_minute:.1f} "
            "pages/min, {tokens_per_second:.0f} tokens/s{eta}"
        ).format(
            finished=s.finished,
            total=s.total,
            failed=s.failed,
            pages_per_minute=s.pages_per_minute,
            tokens_per_second=s.tokens_per_second,
            eta=eta,
        )
        if self.tty:
            control(self.out, self.CLEAR_LINE)
            write_escaped(self.out, line, end="")
        else:
            write_escaped(self.out, line)

    def _line(self, line: str) -> None:
        if self.tty:
            control(self.out, self.CLEAR_LINE)
        write_escaped(self.out, line)

    def finish(self, stats: BatchStats) -> None:
        if self.tty:
            control(self.out, "\n")
        write_escaped(
            self.out,
            _("done: {done} stored, {failed} failed, in {elapsed_s:.1f} s").format(
                done=stats.done, failed=stats.failed, elapsed_s=stats.elapsed_s
            ),
        )
        if self.warned:
            write_escaped(
                self.out,
                _("{count} page(s) stored with a warning: check them (listed above).").format(
                    count=self.warned
                ),
            )
