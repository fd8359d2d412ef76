"""The transformers worker: a standalone script, run as ``python worker_main.py``.

It imports nothing from ProofDesk, so any interpreter that has torch and
transformers can run it (``PROOFDESK_TRANSFORMERS_PYTHON``: the app's venv need
not hold torch). It speaks JSON lines: requests on stdin, events on a private
copy of stdout (fd 1 itself goes to stderr, so a library printing to stdout
cannot corrupt the protocol). Messages are codes and numbers, never text for
the user: the app words them, in the user's language.

    → {"op": "load", "path", "device": "auto|cpu|cuda", "dtype": "auto|bfloat16|..."}
    → {"op": "read", "id", "image_b64", "prompt", "params": {...}}
    → {"op": "cancel", "id"}          stops a read between two tokens
    ← {"event": "progress", "phase": "loading|reading", "step"?, "tokens"?, "id"?}
    ← {"event": "loaded", "device", "dtype", "class", "memory_bytes", "load_s"}
    ← {"event": "result", "id", "text", "finish_reason", "prompt_tokens", ...}
    ← {"event": "error", "id"?, "kind", "detail", ...}

The worker ends when stdin closes (the app quit or died) or on {"op": "quit"}.
"""

from __future__ import annotations

import base64
import io
import json
import os
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

# Set before transformers is imported: nothing may be downloaded, ever.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# This script's folder is sys.path[0]: its sibling modules must not shadow libraries.
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]

PROGRESS_EVERY_S = 0.2
_out_lock = threading.Lock()
_out: io.TextIOWrapper | None = None
_cancelled: set[int] = set()
_state: dict[str, Any] = {}


def send(event: str, **fields: Any) -> None:
    assert _out is not None
    line = json.dumps({"event": event, **fields}, ensure_ascii=True)
    with _out_lock:
        _out.write(line + "\n")
        _out.flush()


def _private_stdout() -> io.TextIOWrapper:
    fd = os.dup(1)
    os.dup2(2, 1)  # whatever prints to stdout from here on lands in stderr
    sys.stdout = sys.stderr
    return io.TextIOWrapper(os.fdopen(fd, "wb"), encoding="utf-8", line_buffering=True)


def _is_oom(exc: BaseException) -> bool:
    name = type(exc).__name__
    return name == "OutOfMemoryError" or isinstance(exc, MemoryError) or "out of memory" in str(exc)


def _fail(kind: str, exc: BaseException | None = None, **fields: Any) -> None:
    detail = "" if exc is None else "".join(traceback.format_exception(exc))[-4000:]
    send("error", kind=kind, detail=detail, **fields)


def load(req: dict[str, Any]) -> None:
    t0 = time.monotonic()
    send("progress", phase="loading", step="import")
    try:
        import torch
        import transformers
    except Exception as exc:  # ImportError, or a broken CUDA build raising OSError
        _fail("extra", exc, python=sys.executable)
        return
    device = req.get("device") or "auto"
    has_cuda = bool(torch.cuda.is_available())
    if device == "cuda" and not has_cuda:
        _fail("device", None, torch=torch.__version__, cuda_build=torch.version.cuda)
        return
    device = "cuda" if device == "auto" and has_cuda else ("cpu" if device == "auto" else device)
    dtype_name = req.get("dtype") or "auto"
    dtype = getattr(torch, dtype_name) if dtype_name != "auto" else "auto"
    path = req["path"]
    memory = _memory_bytes(torch, device)
    try:
        send("progress", phase="loading", step="processor")
        # trust_remote_code=False, said: left unsaid, a folder with custom code (auto_map)
        # makes transformers ask "run it? [y/N]" on stdin, our protocol pipe, for ever.
        processor = transformers.AutoProcessor.from_pretrained(
            path, local_files_only=True, trust_remote_code=False
        )
        send("progress", phase="loading", step="weights")
        model_class = _model_class(transformers, path)
        model = model_class.from_pretrained(
            path, dtype=dtype, local_files_only=True, trust_remote_code=False
        )
        model.to(device)
        model.eval()
    except Exception as exc:
        kind = "memory" if _is_oom(exc) else "files" if isinstance(exc, OSError) else "load"
        if "trust_remote_code" in str(exc):  # the folder's own code was refused
            kind = "custom_code"
        _fail(kind, exc, phase="load", device=device, memory_bytes=memory)
        return
    _state.update(torch=torch, processor=processor, model=model, device=device)
    send(
        "loaded",
        device=device,
        dtype=str(model.dtype).removeprefix("torch."),
        cls=type(model).__name__,
        memory_bytes=memory,
        load_s=round(time.monotonic() - t0, 3),
        torch=torch.__version__,
        transformers=transformers.__version__,
    )


def _model_class(transformers: Any, path: str) -> Any:
    config = json.loads((Path(path) / "config.json").read_text(encoding="utf-8"))
    for arch in config.get("architectures") or []:
        cls = getattr(transformers, str(arch), None)
        if cls is not None:
            return cls
    return transformers.AutoModelForImageTextToText


def _memory_bytes(torch: Any, device: str) -> int:
    if device == "cuda":
        return int(torch.cuda.get_device_properties(0).total_memory)
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 0


def read(req: dict[str, Any]) -> None:
    rid = int(req["id"])
    if "model" not in _state:
        _fail("not_loaded", None, id=rid)
        return
    torch, processor, model = _state["torch"], _state["processor"], _state["model"]
    from PIL import Image

    params = req.get("params") or {}
    t0 = time.monotonic()
    try:
        image = Image.open(io.BytesIO(base64.b64decode(req["image_b64"]))).convert("RGB")
        inputs = _inputs(processor, image, req["prompt"], params).to(model.device)
        prompt_tokens = int(inputs["input_ids"].shape[1])
        clock = _Clock(rid, t0)
        kwargs = _generate_kwargs(torch, params, clock)
        with torch.inference_mode():
            out = model.generate(**inputs, **kwargs)
    except Exception as exc:
        _fail("memory" if _is_oom(exc) else "read", exc, id=rid, phase="read")
        return
    new = out.sequences[0, prompt_tokens:].tolist()
    if rid in _cancelled:
        _cancelled.discard(rid)
        send("cancelled", id=rid)
        return
    tokenizer = processor.tokenizer
    eos = _eos_ids(model, tokenizer)
    finish = "stop" if new and new[-1] in eos else "length"
    body = [t for t in new if t not in eos]
    logprobs = _logprobs(torch, tokenizer, out, new, params) if params.get("logprobs") else []
    send(
        "result",
        id=rid,
        text=tokenizer.decode(body, skip_special_tokens=True),
        finish_reason=finish,
        prompt_tokens=prompt_tokens,
        completion_tokens=len(new),
        first_token_s=clock.first_token_s,
        generate_s=round(time.monotonic() - t0, 3),
        logprobs=logprobs,
    )


def _inputs(processor: Any, image: Any, prompt: str, params: dict[str, Any]) -> Any:
    messages = [
        {
            "role": "user",
            "content": [{"type": "image", "image": image}, {"type": "text", "text": prompt}],
        }
    ]
    extra = {}
    if params.get("enable_thinking") is not None:  # as the vLLM path's chat_template_kwargs
        extra["enable_thinking"] = bool(params["enable_thinking"])
    return processor.apply_chat_template(
        messages,
        tokenize=True,
        add_generation_prompt=True,
        return_dict=True,
        return_tensors="pt",
        **extra,
    )


class _Clock:
    """Counts tokens as generate() makes them, reports progress, and stops on cancel."""

    def __init__(self, rid: int, t0: float) -> None:
        self.rid, self.t0 = rid, t0
        self.tokens = 0
        self.first_token_s: float | None = None
        self._last = 0.0

    def __call__(self, input_ids: Any, scores: Any, **_: Any) -> bool:
        now = time.monotonic()
        self.tokens += 1
        if self.first_token_s is None:
            self.first_token_s = round(now - self.t0, 3)
        if now - self._last >= PROGRESS_EVERY_S:
            self._last = now
            send("progress", phase="reading", id=self.rid, tokens=self.tokens)
        return self.rid in _cancelled


def _generate_kwargs(torch: Any, params: dict[str, Any], clock: _Clock) -> dict[str, Any]:
    from transformers import StoppingCriteria, StoppingCriteriaList

    class Stop(StoppingCriteria):  # type: ignore[misc]
        def __call__(self, input_ids: Any, scores: Any, **kw: Any) -> Any:
            stop = clock(input_ids, scores)
            return torch.full((input_ids.shape[0],), stop, dtype=torch.bool)

    kwargs: dict[str, Any] = {
        "max_new_tokens": int(params.get("max_tokens", 4096)),
        "stopping_criteria": StoppingCriteriaList([Stop()]),
        "return_dict_in_generate": True,
        "output_logits": bool(params.get("logprobs")),
    }
    temperature = float(params.get("temperature") or 0.0)
    if temperature > 0:
        kwargs.update(do_sample=True, temperature=temperature)
        if params.get("top_p") is not None:
            kwargs["top_p"] = float(params["top_p"])
    else:
        kwargs.update(do_sample=False, temperature=None, top_p=None, top_k=None)
    if params.get("repetition_penalty") is not None:
        kwargs["repetition_penalty"] = float(params["repetition_penalty"])
    if params.get("seed") is not None:
        torch.manual_seed(int(params["seed"]))
    return kwargs


def _eos_ids(model: Any, tokenizer: Any) -> set[int]:
    ids = model.generation_config.eos_token_id
    eos = set(ids if isinstance(ids, list) else [] if ids is None else [ids])
    if tokenizer.eos_token_id is not None:
        eos.add(int(tokenizer.eos_token_id))
    return eos


def _logprobs(
    torch: Any, tokenizer: Any, out: Any, new: list[int], params: dict[str, Any]
) -> list[list[Any]]:
    """[token, logprob, [bytes]] per generated token, from the raw logits (as vLLM gives)."""
    special = set(tokenizer.all_special_ids)
    decoder = _byte_decoder()
    items = []
    for step, token_id in enumerate(new):
        if token_id in special or step >= len(out.logits):
            continue
        logprob = torch.log_softmax(out.logits[step][0].float(), dim=-1)[token_id].item()
        piece = tokenizer.convert_ids_to_tokens(token_id)
        if piece and all(ch in decoder for ch in piece):
            raw = [decoder[ch] for ch in piece]  # byte-level BPE: each char is one byte
        else:
            raw = list(tokenizer.decode([token_id]).encode("utf-8"))
        text = bytes(raw).decode("utf-8", "replace")
        items.append([text, round(float(logprob), 6), raw])
    return items


def _byte_decoder() -> dict[str, int]:
    """The inverse of GPT-2's byte → printable character map (Qwen's tokenizers use it)."""
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1)]
    keep += range(ord("®"), ord("ÿ") + 1)
    chars = list(keep)
    n = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(keep, chars, strict=True)}


def _stdin_lines(stdin: Any, requests: list[dict[str, Any]], ready: threading.Condition) -> None:
    """Reads requests; a cancel is applied at once (generate() checks it between tokens)."""
    for line in stdin:
        try:
            req = json.loads(line)
        except ValueError:
            continue
        if req.get("op") == "cancel":
            _cancelled.add(int(req.get("id", -1)))
            continue
        with ready:
            requests.append(req)
            ready.notify()
    os._exit(0)  # stdin closed: the app is gone, and so is the reason to hold the model


def main() -> None:
    global _out
    _out = _private_stdout()
    niceness = int(sys.argv[sys.argv.index("--nice") + 1]) if "--nice" in sys.argv else 10
    if niceness and hasattr(os, "nice"):
        # Background work: generation keeps every core busy, and the app's event
        # loop must win the CPU whenever it has something to do (as the OCR workers).
        os.nice(niceness)
    requests: list[dict[str, Any]] = []
    ready = threading.Condition()
    # The requests' pipe is this thread's alone: a library's input() gets end-of-file.
    stdin, sys.stdin = sys.stdin, open(os.devnull, encoding="utf-8")  # noqa: SIM115
    threading.Thread(target=_stdin_lines, args=(stdin, requests, ready), daemon=True).start()
    send("hello", pid=os.getpid(), python=sys.executable)
    while True:
        with ready:
            while not requests:
                ready.wait()
            req = requests.pop(0)
        op = req.get("op")
        if op == "quit":
            break
        try:
            load(req) if op == "load" else read(req) if op == "read" else None
        except BaseException as exc:  # a bug here must be an answer, not silence
            _fail("memory" if _is_oom(exc) else "internal", exc, id=req.get("id"))
    os._exit(0)


if __name__ == "__main__":
    main()
