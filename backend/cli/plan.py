"""``proofdesk plan``: how many pages a GPU reads at once with a given model.

    proofdesk plan --config config.json --gpu-gb 80 [--index model.safetensors.index.json]
                   [--dtype bf16|fp16|fp8|int4] [--kv-dtype auto|fp16|bf16|fp8]
                   [--page-size WxH | --dpi N] [--max-pixels N] [--prompt-tokens N]
                   [--max-tokens N] [--max-num-seqs N] [--gpu-memory-utilization U] [--json]

``--config`` may also be a model folder: its config.json and, when present,
model.safetensors.index.json are read. Bad input prints one line on stderr
and returns 2, never a traceback.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from backend.cli.arguments import finite, free_text, integer
from backend.cli.output import fail, say, say_json, shown
from backend.i18n import _
from backend.server.planner import GIB, Plan, PlanError, plan
from backend.server.planner_files import (
    DEFAULT_DPI,
    model_paths,
    page_px,
    read_json,
    total_size_of,
)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``plan`` subcommand on an ``add_subparsers()`` object."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "plan",
        help=_("how many pages a GPU reads at once (VRAM planner)"),
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument(
        "--config", type=Path, required=True, help=_("the model's config.json (or its folder)")
    )
    parser.add_argument(
        "--index", type=Path, help=_("model.safetensors.index.json, for the exact weights size")
    )
    # Numbers are only checked to be numbers here: the planner checks their ranges
    # and explains them, the same way for this command and the GUI's planner window.
    parser.add_argument("--gpu-gb", type=finite, required=True, help=_("GPU memory in GiB"))
    parser.add_argument("--gpu-memory-utilization", type=finite, default=0.9, metavar="U")
    parser.add_argument("--dtype", default="bf16", choices=["bf16", "fp16", "fp8", "int4"])
    parser.add_argument("--kv-dtype", default="auto", choices=["auto", "fp16", "bf16", "fp8"])
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--page-size", type=free_text, metavar="WxH", help=_("page image size in pixels")
    )
    size.add_argument(
        "--dpi",
        type=integer,
        help=_("an A4 page at this resolution ({default_dpi})").format(default_dpi=DEFAULT_DPI),
    )
    parser.add_argument("--max-pixels", type=integer, help=_("the server's image max_pixels"))
    parser.add_argument("--prompt-tokens", type=integer, default=300)
    parser.add_argument("--max-tokens", type=integer, default=4096)
    parser.add_argument("--max-num-seqs", type=integer)
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    return parser


def run(args: argparse.Namespace) -> int:
    """Print the plan for ``args``; 0 on success, 2 with one line on stderr for bad input."""
    try:
        config_path, index_path = model_paths(args.config, args.index)
        config = read_json(config_path)
        total_size = total_size_of(read_json(index_path), index_path) if index_path else None
        result = plan(
            config,
            gpu_gb=args.gpu_gb,
            gpu_memory_utilization=args.gpu_memory_utilization,
            weights_dtype=args.dtype,
            kv_dtype=args.kv_dtype,
            total_size=total_size,
            page_px=page_px(args.page_size, args.dpi),
            prompt_tokens=args.prompt_tokens,
            max_tokens=args.max_tokens,
            max_num_seqs=args.max_num_seqs,
            max_pixels=args.max_pixels,
        )
    except PlanError as exc:
        return fail(str(exc))
    if args.json:
        say_json(result.to_json())
    else:
        say(format_plan(result))  # the model type and notes quote the config: escaped
    return 0


def format_plan(result: Plan) -> str:
    """A short table for people."""
    width, height = result.page_px
    per_page = result.tokens_per_page * result.kv_bytes_per_token + result.state_bytes_per_seq
    rows = [
        (
            _("model"),
            _("{value}, {params:.1f}B parameters").format(
                value=shown(result.model_type) or "?", params=result.params / 1e9
            ),
        ),
        (
            "weights",
            f"{_gib(result.weights_bytes)} {result.weights_dtype} ({result.weights_source})",
        ),
        (
            _("KV cache per token"),
            _(
                "{kv_bytes_per_token:,} bytes ({kv_dtype}, {full_attention_layers} of "
                "{total_layers} layers)"
            ).format(
                kv_bytes_per_token=result.kv_bytes_per_token,
                kv_dtype=result.kv_dtype,
                full_attention_layers=result.full_attention_layers,
                total_layers=result.total_layers,
            ),
        ),
        (
            "page",
            _(
                "{width}×{height} px → {vision_tokens_per_page:,} image tokens, "
                "{tokens_per_page:,} tokens in all"
            ).format(
                width=width,
                height=height,
                vision_tokens_per_page=result.vision_tokens_per_page,
                tokens_per_page=result.tokens_per_page,
            ),
        ),
        (_("KV cache per page"), _mib(per_page)),
        (_("usable memory"), _gib(result.budget_bytes)),
        (_("activations, runtime"), _gib(result.reserve_bytes)),
        (
            _("KV cache"),
            _("{gib} ({kv_cache_tokens:,} tokens)").format(
                gib=_gib(result.kv_cache_bytes), kv_cache_tokens=result.kv_cache_tokens
            ),
        ),
        (_("pages at once"), f"{result.max_concurrent_pages}"),
    ]
    label_width = max(len(label) for label, _unused in rows)
    lines = [f"{label:<{label_width}}  {value}" for label, value in rows]
    lines += [
        f"note: {shown(note)}" for note in result.notes
    ]  # one line each: they quote the config
    return "\n".join(lines)


def _gib(size: int) -> str:
    return f"{size / GIB:.1f} GiB"


def _mib(size: int) -> str:
    return f"{size / 2**20:,.0f} MiB"
