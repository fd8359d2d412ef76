"""The in-process engine's test material: model folders built from the configs in
``tests/data/model-configs`` (the weights empty), an executable standing in for a Python
interpreter (``wrapper``), and ``FAKE``, a worker script that misbehaves as told."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from tests.conftest import DATA

CONFIGS = DATA / "model-configs"


def model_folder(tmp_path: Path, config: Path | dict[str, object], *, skip: str = "") -> Path:
    """A folder with every file a model needs (the weights empty: nothing here loads them)."""
    folder = tmp_path / "model"
    folder.mkdir()
    data = json.loads(config.read_text()) if isinstance(config, Path) else config
    (folder / "config.json").write_text(json.dumps(data))
    for name in ("preprocessor_config.json", "tokenizer.json", "model.safetensors"):
        if name != skip:
            (folder / name).write_text("{}")
    return folder


def wrapper(tmp_path: Path, body: str) -> str:
    """An executable standing in for a Python interpreter."""
    path = tmp_path / "python-wrapper"
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


# A worker standing in for worker_main.py, run as ``FAKE MODE``: "deaf" never reads again after
# loading, "odd" answers a page with progress and an event of no known kind, "noisy" sends
# another page's result and a broken line before its own.
FAKE = r"""
import json, os, sys, time
mode = sys.argv[1]
def send(**event):
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()
# What a library printing to stdout, or a wrapper's banner, looks like on the pipe.
sys.stdout.write("Loading checkpoint shards: 100%\n[1, 2]\n{\"event\": \n\"text\"\n")
sys.stdout.flush()
sys.stdin.readline()  # the load request
offline = [os.environ.get(k) for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")]
send(event="loaded", offline=offline)  # none of the fields the real worker sends
if mode == "deaf":
    time.sleep(600)  # never reads again: the page's request fills the pipe
for line in sys.stdin:
    req = json.loads(line)
    if mode == "odd" and req.get("op") == "read":
        send(event="progress", id=req["id"], tokens=1)
        send(event="bogus", id=req["id"], text=None)
    if mode == "noisy" and req.get("op") == "read":
        send(event="result", id=req["id"] + 1000, text="another page's")
        sys.stdout.write("not json {\n")
        send(event="result", id=req["id"], text="the text", finish_reason="stop",
             prompt_tokens=5, completion_tokens=2)
"""
