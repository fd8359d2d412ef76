"""What a batch, a re-run and the CLI need of an engine that reads whole pages.

A vLLM server's client (``VllmClient``) and the in-process model
(``transformers.TransformersEngine``) both meet it: a profile (the page
budget, the context, the concurrency), ``read``, ``load`` (the server's queue,
for the adaptive limit; None when there is none), ``health``, ``models`` and
``aclose``.
"""

from __future__ import annotations

from typing import Protocol

from backend.engines.base import OcrRequest, ProgressCallback, Reading
from backend.engines.server_info import Health, ModelInfo, ServerLoad
from backend.settings.profiles import ServerProfile


class PageClient(Protocol):
    profile: ServerProfile

    @property
    def name(self) -> str: ...

    @property
    def server(self) -> str: ...

    async def read(
        self,
        request: OcrRequest,
        on_progress: ProgressCallback | None = None,
        *,
        stream: bool = True,
    ) -> Reading: ...

    async def load(self) -> ServerLoad | None: ...

    async def health(self) -> Health: ...

    async def models(self) -> list[ModelInfo]: ...

    async def aclose(self) -> None: ...
