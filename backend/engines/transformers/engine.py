"""The in-process engine: a local Qwen-VL model read through transformers, in a worker.

It meets the same interface as ``VllmClient`` (``profile``, ``read``, ``load``,
``health``, ``models``, ``aclose``), so batches, re-runs and the CLI drive it
as one more "server" with one page in flight. The model loads on the first
read (or ``start``) in a worker process and stays loaded, page after page,
until ``release``/``aclose``. A cancelled read stops generation between two
tokens and keeps the model; a cancelled load ends the worker. A crash of the
worker (out of memory, a bug in torch) fails that page, never the caller; the
next read starts a new worker.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import importlib.util
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from backend.engines.base import OcrRequest, Progress, ProgressCallback, Reading, TokenLogprob
from backend.engines.openai_chat import strip_thinking
from backend.engines.server_info import Health, ModelInfo, ServerLoad
from backend.engines.transformers import failures
from backend.engines.transformers.model_folder import ModelFolder, inspect_folder
from backend.engines.transformers.worker_link import WorkerGone, WorkerLink, worker_python
from backend.errors import LocalModelError
from backend.i18n import _
from backend.provenance import Provenance
from backend.safe_text import admit
from backend.settings.profiles import DEFAULT_MAX_PIXELS, NUMBER_LIMITS, ServerProfile

ENGINE_NAME = "transformers"
DEVICES = ("auto", "cuda", "cpu")
DTYPES = ("auto", "bfloat16", "float16", "float32")
CANCEL_GRACE_S = 15.0  # a cancelled read's worker must answer within this, or it is ended


@dataclass(frozen=True)
class LocalOptions:
    model_path: str
    device: str = "auto"  # CUDA when there is one
    dtype: str = "auto"  # as the model's config says
    python: str | None = None  # None: PROOFDESK_TRANSFORMERS_PYTHON, else this interpreter
    max_pixels: int = 0  # 0: the lower of ProofDesk's default and the processor's own
    # Added to the worker's niceness: the window must win the CPU over generation.
    niceness: int = 10


@dataclass(frozen=True)
class LocalReading(Reading):
    """A reading with where it was made: the model on disk, dtype, device."""

    local: dict[str, Any] = field(default_factory=dict)

    def provenance(self) -> Provenance:
        return super().provenance().with_items(**self.local)


class TransformersEngine:
    name = ENGINE_NAME

    def __init__(self, options: LocalOptions) -> None:
        if options.device not in DEVICES or options.dtype not in DTYPES:
            raise LocalModelError(
                _(
                    "The device must be auto, cuda or cpu and the dtype auto, bfloat16, "
                    "float16 or float32."
                ),
                kind="load",
            )
        self.options = options
        self.folder: ModelFolder = inspect_folder(options.model_path)
        self.python = worker_python(options.python)
        self.profile = _profile_for(self.folder, options)
        self.loaded: dict[str, Any] | None = None  # the worker's "loaded" event
        self._link: WorkerLink | None = None
        self._lock: asyncio.Lock | None = None
        self._drain: asyncio.Future[None] | None = None
        self._next_id = 0

    # -- what a batch and the GUI ask of every engine -----------------------------------

    @property
    def server(self) -> str:
        return ""

    @property
    def warnings(self) -> tuple[str, ...]:
        """An honest word about speed once the model is loaded on the CPU."""
        if self.loaded is not None and self.loaded.get("device") == "cpu":
            return (failures.cpu_warning(),)
        return ()

    async def models(self) -> list[ModelInfo]:
        return [ModelInfo(self.folder.model_id, self.folder.max_model_len or None)]

    async def health(self) -> Health:
        if self._link is not None and self._link.alive and self.loaded is not None:
            device = str(self.loaded.get("device", "?"))  # whatever the worker said
            return Health(True, None, _("loaded on {device}").format(device=device))
        return Health(True, None, _("not loaded yet (loads on the first page)"))

    async def load(self) -> ServerLoad | None:
        return None  # one page at a time: there is no queue to watch

    async def aclose(self) -> None:
        await self.release()

    async def release(self) -> None:
        """Unload the model: end the worker. The next read loads it again."""
        link, self._link, self.loaded = self._link, None, None
        if link is not None:
            await asyncio.get_running_loop().run_in_executor(None, link.kill)

    @property
    def worker_pid(self) -> int | None:
        return None if self._link is None or not self._link.alive else self._link.pid

    # -- loading ---------------------------------------------------------------------------

    async def start(self, on_progress: ProgressCallback | None = None) -> dict[str, Any]:
        """Load the model now (not on the first page); what the worker loaded."""
        async with self._locked():
            await self._ready(on_progress)
            assert self.loaded is not None
            return self.loaded

    def _locked(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    async def _ready(self, on_progress: ProgressCallback | None) -> WorkerLink:
        if self._drain is not None:  # a cancelled read is still stopping
            await asyncio.shield(self._drain)
            self._drain = None
        if self._link is not None and self._link.alive and self.loaded is not None:
            return self._link
        await self.release()
        self._check_extra()
        link = WorkerLink(self.python, niceness=self.options.niceness)
        try:
            link.start()
        except OSError as exc:  # not there, not executable: the configured Python is wrong
            raise failures.python_unusable(self.python, exc) from None
        self._link = link
        t0 = time.monotonic()
        try:
            await link.send(self._load_request())
            while True:
                event = await link.next_event()
                kind = event.get("event")
                if kind == "progress" and on_progress is not None:
                    on_progress(Progress("loading", time.monotonic() - t0))
                elif kind == "loaded":
                    self.loaded = event
                    return link
                elif kind == "error":
                    raise failures.load_error(self, event)
        except WorkerGone as gone:
            await self.release()
            raise failures.load_crash(self, gone) from None
        except BaseException:
            await self.release()  # a cancelled or failed load leaves no half-loaded worker
            raise

    def _check_extra(self) -> None:
        # The app's own interpreter can be asked without starting anything.
        if self.python == sys.executable and any(
            importlib.util.find_spec(name) is None for name in ("torch", "transformers")
        ):
            raise failures.extra_missing(self.python)

    def _load_request(self) -> dict[str, Any]:
        return {
            "op": "load",
            "path": str(self.folder.path),
            "device": self.options.device,
            "dtype": self.options.dtype,
        }

    # -- reading a page --------------------------------------------------------------------

    async def read(
        self,
        request: OcrRequest,
        on_progress: ProgressCallback | None = None,
        *,
        stream: bool = True,  # the vLLM client's; a local model always reports tokens
    ) -> Reading:
        async with self._locked():
            link = await self._ready(on_progress)
            self._next_id += 1
            rid = self._next_id
            t0 = time.monotonic()
            silence = self.profile.first_token_timeout_s
            try:
                async with asyncio.timeout(silence):  # a worker that stopped reading
                    await link.send(_read_request(rid, request))
                if on_progress is not None:
                    on_progress(Progress("waiting", 0.0))
                event = await self._answer(link, rid, t0, on_progress)
            except asyncio.CancelledError:
                link.send_nowait({"op": "cancel", "id": rid})
                self._drain = asyncio.ensure_future(self._stop_reading(link, rid))
                raise
            except WorkerGone as gone:
                await self.release()
                raise failures.read_crash(gone) from None
            except TimeoutError:
                await self.release()  # hung: the next page starts a new worker
                raise failures.read_silent(silence) from None
            if event.get("event") == "error":
                raise failures.read_error(self, event, request)
            if event.get("event") != "result" or not isinstance(event.get("text"), str):
                raise failures.not_a_reading(event)  # never stored as the page's text
            return self._reading(request, event, time.monotonic() - t0)

    async def _answer(
        self, link: WorkerLink, rid: int, t0: float, on_progress: ProgressCallback | None
    ) -> dict[str, Any]:
        while True:
            # Generating, the worker reports every few tokens; silence this long means
            # it hangs (the same limit as a server's first-token timeout).
            async with asyncio.timeout(self.profile.first_token_timeout_s):
                event = await link.next_event()
            if event.get("id") != rid:
                continue
            if event.get("event") == "progress":
                if on_progress is not None:
                    elapsed = time.monotonic() - t0
                    on_progress(Progress("reading", elapsed, int(event.get("tokens", 0))))
                continue
            return event

    async def _stop_reading(self, link: WorkerLink, rid: int) -> None:
        """After a cancel: wait for the worker to stop that page (the model stays loaded);
        a worker that does not stop in time is ended."""
        try:
            async with asyncio.timeout(CANCEL_GRACE_S):
                while True:
                    event = await link.next_event()
                    if event.get("id") == rid and event.get("event") != "progress":
                        return
        except (TimeoutError, WorkerGone):
            if self._link is link:
                await self.release()
            else:
                link.kill()

    def _reading(self, request: OcrRequest, event: dict[str, Any], elapsed: float) -> Reading:
        text, thinking = strip_thinking(str(event.get("text", "")))
        admitted = admit(text)  # the worker's text is a model's: the same boundary as a server's
        loaded = self.loaded or {}
        image = request.image
        return LocalReading(
            text=admitted.text,
            engine=self.name,
            model=self.folder.model_id,
            finish_reason=str(event.get("finish_reason") or "") or None,
            prompt_tokens=_int(event.get("prompt_tokens")),
            completion_tokens=_int(event.get("completion_tokens")),
            latency_s=elapsed,
            first_token_s=event.get("first_token_s"),
            reasoning=admit(thinking).text if thinking else None,
            logprobs=_logprobs(event.get("logprobs")),
            prompt=request.prompt,
            params=request.params.as_dict(),
            notes=(*request.notes, *self.warnings),
            warnings=admitted.warnings,
            replaced=admitted.replaced,
            image={
                "width": image.width,
                "height": image.height,
                "bytes": len(image.data),
                "mime": image.mime,
                "sha256": image.sha256,
            },
            local={
                "model_path": str(self.folder.path),
                "config_sha256": self.folder.config_sha256,
                "family": self.folder.family,
                "dtype": loaded.get("dtype", ""),
                "device": loaded.get("device", ""),
                "duration_s": round(elapsed, 3),
                "load_s": loaded.get("load_s"),
                "versions": {
                    "torch": loaded.get("torch", ""),
                    "transformers": loaded.get("transformers", ""),
                },
            },
        )


def _profile_for(folder: ModelFolder, options: LocalOptions) -> ServerProfile:
    """The engine as the batch and the request fitting see a server: one page at a time,
    the model's context, and its processor's image budget."""
    budget = options.max_pixels or min(DEFAULT_MAX_PIXELS, folder.max_pixels or DEFAULT_MAX_PIXELS)
    ident = hashlib.sha256(str(folder.path).encode()).hexdigest()[:16]
    return ServerProfile(
        name=_("In-process: {name}").format(name=folder.path.name),
        base_url=folder.path.as_uri(),
        model=folder.model_id,
        id=f"{ENGINE_NAME}-{ident}",
        max_concurrency=1,
        # A page on a CPU can take an hour; a worker that still reports progress is not
        # hung (its silence is the first-token timeout). ``--timeout N`` sets a total.
        total_timeout_s=NUMBER_LIMITS["total_timeout_s"][1],
        max_pixels=budget,
        max_model_len=folder.max_model_len,
    )


def _read_request(rid: int, request: OcrRequest) -> dict[str, Any]:
    return {
        "op": "read",
        "id": rid,
        "image_b64": base64.b64encode(request.image.data).decode("ascii"),
        "prompt": request.prompt,
        "params": request.params.as_dict(),
    }


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _logprobs(items: Any) -> tuple[TokenLogprob, ...]:
    out = []
    for item in items if isinstance(items, list) else []:
        with contextlib.suppress(TypeError, ValueError, IndexError):
            token, logprob, raw = str(item[0]), float(item[1]), item[2]
            values = tuple(int(b) for b in raw if 0 <= int(b) <= 255)
            out.append(TokenLogprob(token, logprob, values))
    return tuple(out)
