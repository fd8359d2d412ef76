"""The README written into a batch folder: the exact ``vllm run-batch`` commands.

The commands are built from the manifest, so they name the same model, context
length and image folder as the requests; the prose goes through the message
catalogue like every other user-facing text.
"""

from __future__ import annotations

import shlex

from backend.i18n import _
from backend.ocr.batch_files import layout

# One image per request; run-batch takes the server's engine options.
_LIMIT_MM = '{"image": 1}'


def run_batch_command(manifest: layout.Manifest, requests: str, results: str) -> str:
    """One ``vllm run-batch`` invocation, run from inside the batch folder."""
    images = f"{manifest.media_root.rstrip('/')}/{layout.IMAGES}"
    args = [
        "vllm",
        "run-batch",
        "-i",
        requests,
        "-o",
        results,
        "--model",
        manifest.model,
        "--served-model-name",
        manifest.model,
        "--max-model-len",
        str(manifest.max_model_len),
        "--allowed-local-media-path",
        images,
        "--limit-mm-per-prompt",
        _LIMIT_MM,
    ]
    return shlex.join(args)


def readme_text(manifest: layout.Manifest, pdf_name: str, desktop: str = "") -> str:
    """The README; ``desktop`` is the folder's path on this computer, where the
    results are imported (the nodes may see it at another, ``media_root``)."""
    count = manifest.shards
    folder = manifest.media_root
    lines = [
        "# " + _("ProofDesk offline batch: {name}").format(name=pdf_name),
        "",
        _(
            "{pages} page(s) of “{name}” (SHA-256 {sha}), one Chat Completions request per "
            "page in {requests}. Each image is a file:// URL under {folder}/{images}: keep "
            "this folder at that path on the GPU nodes (a shared file system, or copy it "
            "there), or prepare again with --media-root."
        ).format(
            pages=len(manifest.pages),
            name=pdf_name,
            sha=manifest.document_sha256,
            requests=layout.REQUESTS,
            folder=folder,
            images=layout.IMAGES,
        ),
        "",
        "## " + _("One node"),
        "",
        "```",
        f"cd {shlex.quote(folder)}",
        run_batch_command(manifest, layout.REQUESTS, "results.jsonl"),
        "```",
        "",
    ]
    if count > 1:
        lines += [
            "## " + _("{count} nodes (one shard each)").format(count=count),
            "",
            _("On node K (1 to {count}), run shard K; each writes its own results file.").format(
                count=count
            ),
            "",
            "```",
        ]
        for i in range(count):
            shard = f"{layout.SHARDS}/{layout.shard_name(i, count)}"
            lines.append(
                f"cd {shlex.quote(folder)} && "
                + run_batch_command(manifest, shard, layout.results_name(i, count))
            )
        lines += ["```", ""]
    lines += [
        "## " + _("Notes"),
        "",
        _(
            "--model may be the local folder of the weights on the node; keep "
            "--served-model-name as written, since every request names that model. Add "
            "--tensor-parallel-size N for a model spread over N GPUs of one node."
        ),
        "",
        "## " + _("Bring the answers back"),
        "",
        _(
            "Put the results files in this folder (next to {manifest}), then run on the desktop:"
        ).format(manifest=layout.MANIFEST),
        "",
        "```",
        f"proofdesk batch-import {shlex.quote(pdf_name)} "
        + shlex.quote(desktop or folder)
        + "/results*.jsonl",
        "```",
        "",
        _(
            "Each answer becomes an OCR version of its page; a page you edited keeps your "
            "text and gets the answer in its history. Importing the same results again "
            "adds nothing."
        ),
        "",
    ]
    return "\n".join(lines)
