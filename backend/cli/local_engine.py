"""``proofdesk ocr --engine transformers --model-path DIR``: the in-process model's options.

The model loads once, before the job starts (so a broken folder, a missing
extra or an out-of-memory is one line before any page is touched), and then
reads the pages one at a time in its worker process.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from backend.cli.output import PREFIX, control, warn
from backend.engines.transformers.engine import DEVICES, DTYPES, LocalOptions, TransformersEngine
from backend.errors import ProfileError
from backend.i18n import _

ENGINES = ("vllm", "transformers")


def add_arguments(p: Any) -> None:
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="vllm",
        help=_(
            "vllm: send pages to --server; transformers: read them in-process with "
            "the local model in --model-path (pip install proofdesk[transformers])"
        ),
    )
    p.add_argument("--model-path", type=Path, metavar="DIR", help=_("a local Qwen-VL model folder"))
    p.add_argument("--device", choices=DEVICES, default="auto", help=_("default: CUDA if present"))
    p.add_argument("--dtype", choices=DTYPES, default="auto", help=_("default: as the config says"))


def check(args: argparse.Namespace) -> None:
    """The engine's options agree with each other (else a ``ProfileError``: one line, exit 1)."""
    if args.engine == "transformers":
        if args.model_path is None:
            raise ProfileError(_("--engine transformers needs --model-path DIR."))
        if args.server:
            raise ProfileError(_("--server is for --engine vllm; transformers reads in-process."))
    elif not args.server:
        raise ProfileError(_("Give a server with --server URL (or use --engine transformers)."))


async def start(args: argparse.Namespace) -> TransformersEngine:
    """The engine with its model loaded, or the error that stops it."""
    options = LocalOptions(
        model_path=str(args.model_path),
        device=args.device,
        dtype=args.dtype,
        max_pixels=args.max_pixels,
    )
    engine = TransformersEngine(options)
    if args.timeout:  # --timeout N: a page's limit, retries included; silent N s: hung
        seconds = float(args.timeout)
        engine.profile = engine.profile.with_(
            first_token_timeout_s=seconds, total_timeout_s=seconds
        )
    tty = sys.stderr.isatty()
    if tty:
        control(sys.stderr, _("loading the model…"))
    try:
        loaded = await engine.start()
    except BaseException:
        await engine.aclose()
        raise
    finally:
        if tty:
            control(sys.stderr, "\r\x1b[2K")
    warn(
        PREFIX
        + _("{family} loaded on {device} in {dtype} ({seconds:.1f} s).").format(
            family=engine.folder.family,
            device=loaded.get("device", "?"),
            dtype=loaded.get("dtype", "?"),
            seconds=float(loaded.get("load_s") or 0.0),
        )
    )
    for line in engine.warnings:
        warn(PREFIX + line)
    return engine
