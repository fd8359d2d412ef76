"""The worker's error codes as errors written for the user.

The worker reports a kind ("extra", "device", "files", "memory", "load",
"read") and a traceback; the message is made here, in the user's language,
and the traceback goes into ``detail`` for the log.
"""

from __future__ import annotations

import signal
from typing import Any, Protocol

from backend.engines.base import OcrRequest
from backend.engines.transformers.memory import out_of_memory_message
from backend.engines.transformers.model_folder import ModelFolder
from backend.engines.transformers.worker_link import PYTHON_ENV, WorkerGone
from backend.errors import (
    BadResponseError,
    EngineDeadError,
    LocalModelError,
    RequestRejectedError,
    ServerTimeoutError,
)
from backend.i18n import _
from backend.settings.profiles import ServerProfile


class _Options(Protocol):
    @property
    def dtype(self) -> str: ...


class EngineFacts(Protocol):
    """What the messages need of the engine (the engine module imports this one)."""

    folder: ModelFolder
    python: str
    profile: ServerProfile
    loaded: dict[str, Any] | None

    @property
    def options(self) -> _Options: ...


INSTALL_HINT = "pip install proofdesk[transformers]"


def cpu_warning() -> str:
    """Said once the model is loaded on the CPU (translated when shown)."""
    return _(
        "No CUDA GPU: the model runs on the CPU, where a real Qwen-VL model takes minutes "
        "a page (a GPU takes seconds)."
    )


def extra_missing(python: str) -> LocalModelError:
    return LocalModelError(
        _(
            "The in-process engine needs PyTorch and transformers, which {python} does not "
            "have. Install them with: {hint} (or set {env} to a Python that has them)."
        ).format(python=python, hint=INSTALL_HINT, env=PYTHON_ENV),
        kind="extra",
    )


def python_unusable(python: str, exc: OSError) -> LocalModelError:
    return LocalModelError(
        _(
            "The Python that runs the model, {python}, cannot be started ({reason}). Set {env} "
            "to a Python that has PyTorch and transformers, or unset it to use ProofDesk's own."
        ).format(python=python, reason=exc.strerror or exc, env=PYTHON_ENV),
        kind="extra",
        detail=repr(exc),
    )


def _last_line(detail: str) -> str:
    lines = [line.strip() for line in detail.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def load_error(engine: EngineFacts, event: dict[str, Any]) -> LocalModelError:
    kind = str(event.get("kind", "load"))
    detail = str(event.get("detail", ""))
    path = engine.folder.path
    if kind == "extra":
        error = extra_missing(str(event.get("python") or engine.python))
        reason = _last_line(detail)
        if reason and "No module named" not in reason:  # installed, but broken
            error = LocalModelError(
                _("{message} Importing them failed: {reason}").format(
                    message=str(error), reason=reason
                ),
                kind="extra",
            )
        error.detail = detail
        return error
    if kind == "device":
        message = _(
            "CUDA was asked for, but PyTorch {torch} in {python} sees no CUDA GPU. Choose the "
            "CPU, or install a CUDA build of PyTorch and the GPU's driver."
        ).format(torch=event.get("torch", "?"), python=engine.python)
    elif kind == "custom_code":
        message = _(
            "The model in {path} needs Python code of its own to load (auto_map in its "
            "config). ProofDesk never runs code from a model folder: choose a Qwen-VL folder "
            "that transformers reads by itself."
        ).format(path=path)
    elif kind == "files":
        message = _(
            "The model in {path} could not be loaded: its processor or tokenizer files are "
            "missing or unreadable ({reason})."
        ).format(path=path, reason=_last_line(detail))
    elif kind == "memory":
        message = out_of_memory_message(
            engine.folder,
            device=str(event.get("device", "")),
            memory_bytes=int(event.get("memory_bytes") or 0),
            dtype=_dtype_of(engine),
            loading=True,
        )
    else:
        message = _("The model in {path} could not be loaded: {reason}").format(
            path=path, reason=_last_line(detail)
        )
    return LocalModelError(message, kind=kind if kind != "internal" else "load", detail=detail)


def load_crash(engine: EngineFacts, gone: WorkerGone) -> LocalModelError:
    if _killed(gone.code):
        message = out_of_memory_message(
            engine.folder, device="", memory_bytes=0, dtype=_dtype_of(engine), loading=True
        )
    else:
        message = _(
            "The model's worker process stopped while loading the model (exit code {code})."
        ).format(code=gone.code)
    kind = "memory" if _killed(gone.code) else "load"
    return LocalModelError(message, kind=kind, detail=gone.tail)


def read_crash(gone: WorkerGone) -> EngineDeadError:
    why = (
        _(" It was killed, probably because the computer ran out of memory.")
        if _killed(gone.code)
        else ""
    )
    return EngineDeadError(
        _(
            "The model's worker process stopped unexpectedly on this page (exit code {code})."
            "{why} The next page loads the model again."
        ).format(code=gone.code, why=why),
        detail=gone.tail,
    )


def not_a_reading(event: dict[str, Any]) -> BadResponseError:
    return BadResponseError(
        _("The model's worker answered this page with something that is not a reading."),
        detail=repr(event)[:2000],
    )


def read_silent(seconds: float) -> ServerTimeoutError:
    return ServerTimeoutError(
        _(
            "The model's worker process sent nothing for {seconds:g} s on this page and was "
            "ended; the next page loads the model again."
        ).format(seconds=seconds),
        phase="first_token",
    )


def read_error(
    engine: EngineFacts, event: dict[str, Any], request: OcrRequest
) -> RequestRejectedError:
    detail = str(event.get("detail", ""))
    if event.get("kind") == "memory":
        loaded = engine.loaded or {}
        message = out_of_memory_message(
            engine.folder,
            device=str(loaded.get("device", "")),
            memory_bytes=int(loaded.get("memory_bytes") or 0),
            dtype=str(loaded.get("dtype") or _dtype_of(engine)),
            loading=False,
            page_px=(request.image.width, request.image.height),
            max_tokens=request.params.max_tokens,
            max_pixels=engine.profile.max_pixels,
        )
    else:
        message = _("The model could not read this page: {reason}").format(
            reason=_last_line(detail)
        )
    return RequestRejectedError(message, detail=detail)


def _killed(code: int | None) -> bool:
    # Linux's OOM killer sends SIGKILL: -9 from Popen, 137 through a shell.
    return code in (-signal.SIGKILL, 128 + signal.SIGKILL)


def _dtype_of(engine: EngineFacts) -> str:
    return engine.options.dtype if engine.options.dtype != "auto" else engine.folder.config_dtype
