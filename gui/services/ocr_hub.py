"""The GUI's one place for OCR: server profiles, their clients and keys, re-runs, batches.

Widgets (server dialog, OCR panel, batch panel, local server dialog) all talk
to this object and listen to its signals; it owns no widget. Before a page is
first sent over plain ``http://`` to a host other than this machine, it asks
(``confirm``), because the page is a confidential document.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from backend.documents.page_image import Region
from backend.engines.base import ProgressCallback, Reading, SamplingParams
from backend.engines.clients import PageClient
from backend.engines.server_info import ModelInfo
from backend.engines.vllm import VllmClient
from backend.errors import ProfileError
from backend.ocr.batch import Batch, BatchStats
from backend.ocr.jobs import JobSpec, OcrJobRunner, stored_params
from backend.ocr.pipeline import PagePreparer
from backend.server.local_server import LocalServer
from backend.settings.keys import KeyStore
from backend.settings.profiles import ProfileStore, ServerProfile
from gui.services.document_owner import FollowsDocument
from gui.services.local_engines import LocalEngines
from gui.services.settings import GuiSettings

if TYPE_CHECKING:
    from gui.services.workspace import Workspace

LOAD_POLL_MS = 3000

# The profile fields a client is built from: changing anything else (model,
# limits) keeps the client and its connections.
_CONNECTION_FIELDS = (
    "base_url",
    "proxy",
    "verify_tls",
    "connect_timeout_s",
    "first_token_timeout_s",
    "total_timeout_s",
)


def _connection(profile: ServerProfile) -> tuple[object, ...]:
    return tuple(getattr(profile, name) for name in _CONNECTION_FIELDS)


Confirm = Callable[[str], Awaitable[bool]]


class OcrHub(FollowsDocument, QObject):  # ``workspace``: the controller's
    profiles_changed = Signal()
    load_changed = Signal(str, str)  # profile id, a one-line health/load summary
    batch_event = Signal(object)  # backend.ocr.batch.BatchEvent
    batch_running = Signal(bool)
    batch_failed = Signal(str)  # a batch could not run at all (no server, no model, ...)

    def __init__(
        self,
        settings: GuiSettings,
        *,
        confirm: Confirm,
        profile_store: ProfileStore | None = None,
        keys: KeyStore | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.confirm = confirm
        self.store = profile_store or ProfileStore()
        self.keys = keys or KeyStore()
        self.profiles: list[ServerProfile] = self.store.load()
        self._session_profiles: list[ServerProfile] = []  # e.g. a local server: never saved
        self._clients: dict[str, VllmClient] = {}
        self.runner: OcrJobRunner | None = None
        self.job: int | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(LOAD_POLL_MS)
        self._poll.timeout.connect(self._poll_load)
        self._polling: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()  # old clients being closed
        self._batch_task: asyncio.Task[BatchStats] | None = None
        self._in_use: dict[PageClient, int] = {}  # clients a read or batch is using now
        self._retired: set[PageClient] = set()  # replaced, to close when no longer in use
        self.local_servers: list[LocalServer] = []  # stopped when the app quits
        self.local = LocalEngines()  # in-process models, offered beside the servers

    # -- profiles ---------------------------------------------------------------------

    def all_profiles(self) -> list[ServerProfile]:
        return [*self.profiles, *self._session_profiles, *self.local.profiles()]

    def profile(self, profile_id: str) -> ServerProfile | None:
        return next((p for p in self.all_profiles() if p.id == profile_id), None)

    @property
    def active(self) -> ServerProfile | None:
        return self.profile(self.settings.active_server) or next(iter(self.all_profiles()), None)

    def set_active(self, profile_id: str) -> None:
        self.settings.active_server = profile_id
        self.profiles_changed.emit()

    def save_profile(self, profile: ServerProfile, api_key: str | None = None) -> bool:
        """Add or update a profile; ``api_key`` None leaves the key as it is.

        Returns whether the key is kept in the system keyring (False: this session only).
        """
        profile = profile.validated()
        before = self.profile(profile.id)
        if any(p.id == profile.id for p in self._session_profiles):
            self._session_profiles = [
                profile if p.id == profile.id else p for p in self._session_profiles
            ]
        else:
            others = [p for p in self.profiles if p.id != profile.id]
            self.profiles = (
                [*others, profile]
                if len(others) == len(self.profiles)
                else [profile if p.id == profile.id else p for p in self.profiles]
            )
            self.store.save(self.profiles)
        persisted = self.keys.persistent
        if api_key is not None:
            persisted = self.keys.set(profile.id, api_key)
        if api_key is not None or before is None or _connection(before) != _connection(profile):
            self._forget_client(profile.id)
        elif profile.id in self._clients:  # only the model or limits changed: same connection
            self._clients[profile.id].profile = profile
        self.profiles_changed.emit()
        return persisted

    def add_session_profile(self, profile: ServerProfile, api_key: str) -> None:
        """A profile for this session only (the local server: its key dies with it)."""
        self._session_profiles = [p for p in self._session_profiles if p.id != profile.id] + [
            profile
        ]
        self.keys.set_session(profile.id, api_key)
        self._forget_client(profile.id)
        self.profiles_changed.emit()

    def remove_profile(self, profile_id: str) -> None:
        self.profiles = [p for p in self.profiles if p.id != profile_id]
        self._session_profiles = [p for p in self._session_profiles if p.id != profile_id]
        self.store.save(self.profiles)
        self.keys.delete(profile_id)
        self._forget_client(profile_id)
        self.profiles_changed.emit()

    def _forget_client(self, profile_id: str) -> None:
        """New requests get a new client; the old one closes once nothing uses it
        (a batch or a re-run in flight keeps its client to the end)."""
        client = self._clients.pop(profile_id, None)
        if client is None:
            return
        if self._in_use.get(client, 0) > 0:
            self._retired.add(client)
        else:
            self._close_later(client)

    def _close_later(self, client: PageClient) -> None:
        self._closing.add(asyncio.ensure_future(client.aclose()))
        self._closing = {t for t in self._closing if not t.done()}

    @contextlib.contextmanager
    def _using(self, clients: list[PageClient]) -> Iterator[None]:
        for client in clients:
            self._in_use[client] = self._in_use.get(client, 0) + 1
        try:
            yield
        finally:
            for client in clients:
                self._in_use[client] -= 1
                if self._in_use[client] == 0:
                    del self._in_use[client]
                    if client in self._retired:
                        self._retired.discard(client)
                        self._close_later(client)

    def set_local_engine(self, engine: PageClient | None) -> None:
        """Offer an in-process model beside the servers (None: none); the one before closes."""
        for old in self.local.replace(engine):  # a read still using one closes it after
            if self._in_use.get(old, 0):
                self._retired.add(old)
            else:
                self._close_later(old)
        self.profiles_changed.emit()

    def client(self, profile_id: str) -> PageClient:
        if (local := self.local.get(profile_id)) is not None:
            return local
        profile = self.profile(profile_id)
        if profile is None:
            raise ProfileError(self.tr("That server profile no longer exists."))
        if profile_id not in self._clients:
            self._clients[profile_id] = VllmClient(profile, self.keys.get(profile_id))
        return self._clients[profile_id]

    async def models(self, profile: ServerProfile, api_key: str | None) -> list[ModelInfo]:
        """The models a (possibly unsaved) profile's server offers."""
        key = api_key if api_key is not None else self.keys.get(profile.id)
        async with VllmClient(profile, key) as client:
            return await client.models()

    async def check(self, profile_id: str) -> str:
        """A one-line health and load summary for a profile's server."""
        client = self.client(profile_id)
        health = await client.health()
        if not health.ok:
            return health.message
        load = await client.load()
        ready = self.tr("ready")
        return ready if load is None else f"{ready} · {load.summary}"

    # -- live load --------------------------------------------------------------------

    def watch_load(self, on: bool) -> None:
        """Poll /health and /metrics of every profile while a panel shows them."""
        if on and not self._poll.isActive():
            self._poll.start()
            self._poll_load()
        elif not on:
            self._poll.stop()

    def _poll_load(self) -> None:
        if self._polling is not None and not self._polling.done():
            return
        self._polling = asyncio.ensure_future(self._poll_all())

    async def _poll_all(self) -> None:
        for profile in self.all_profiles():
            try:
                summary = await self.check(profile.id)
            except Exception as exc:  # a poll must never raise into the loop
                summary = str(exc)
            self.load_changed.emit(profile.id, summary)

    # -- sending pages ----------------------------------------------------------------

    async def ready_profile(self, profile_id: str) -> ServerProfile:
        """The profile, checked for sending: a model chosen, context known, http agreed."""
        profile = self.profile(profile_id)
        if profile is None:
            raise ProfileError(self.tr("Choose a server first (OCR ▸ Servers…)."))
        if profile.needs_plain_http_warning:
            question = self.tr(
                "Pages will be sent to {0} without encryption (http://). Anyone on the "
                "network between here and there could read these confidential documents. "
                "Send anyway?"
            ).format(profile.api_root)
            if not await self.confirm(question):
                raise ProfileError(self.tr("Not sent: the server uses plain http://."))
            profile = profile.with_(plain_http_ok=True)
            self.save_profile(profile)
        if not profile.model or not profile.max_model_len:
            models = await self.client(profile_id).models()
            chosen = (
                next((m for m in models if m.id == profile.model), None)
                if profile.model
                else (models[0] if len(models) == 1 else None)
            )
            if chosen is None:
                raise ProfileError(
                    self.tr("Choose a model for {0} (OCR ▸ Servers…).").format(profile.name)
                )
            learned = profile.with_(model=chosen.id, max_model_len=chosen.max_model_len or 0)
            if learned != profile:
                profile = learned
                self.save_profile(profile)
        self.client(profile_id).profile = profile
        return profile

    def _workspace(self) -> Workspace:
        if self.workspace is None:
            raise ProfileError(self.tr("Open a document first."))
        return self.workspace

    async def read_page(
        self,
        page: int,
        prompt: str,
        params: SamplingParams,
        *,
        profile_id: str,
        region: Region | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> Reading:
        ws = self._workspace()
        await self.ready_profile(profile_id)
        client = self.client(profile_id)
        with self._using([client]):
            request = await PagePreparer(ws.renderer).prepare(
                page, client.profile, prompt, params, region
            )
            return await client.read(request, on_progress)

    async def store_reading(self, page: int, reading: Reading, *, history_only: bool) -> int:
        """Keep a reading as a version; ``history_only`` until the reviewer accepts it."""
        version_id, _ = await self._workspace().add_reading(
            page, reading.text, reading.provenance(), history_only=history_only
        )
        return version_id

    # -- batches ----------------------------------------------------------------------

    @property
    def batch(self) -> Batch | None:
        return None if self.runner is None else self.runner.batch

    async def run_batch(
        self, spec: JobSpec | None, profile_ids: list[str], *, job: int | None = None
    ) -> BatchStats:
        """Create (or, with ``job``, resume) a batch job and run it to the end."""
        ws = self._workspace()
        profiles = [await self.ready_profile(pid) for pid in profile_ids]
        if not profiles:
            raise ProfileError(self.tr("Choose at least one server for the batch."))
        session = ws.session
        if spec is not None:
            params = spec.params
        else:  # resuming: ask exactly what the job asked when it was created
            assert job is not None
            job_id = job
            stored = (await ws.run_in_store(lambda: session.jobs.summary(job_id))).spec
            params = stored_params(stored)
        clients = [self.client(p.id) for p in profiles]
        self.runner = OcrJobRunner(
            jobs=session.jobs,
            page_count=ws.page_count,
            preparer=PagePreparer(ws.renderer),
            clients=clients,
            prompt_for=session.prompt_for,  # called on the store's thread
            run_in_store=ws.run_in_store,
            on_event=self.batch_event.emit,
            on_change=ws.changed.emit,
        )
        self.batch_running.emit(True)
        try:
            with self._using(clients):
                if job is None:
                    assert spec is not None
                    job = await self.runner.create(spec)
                self.job = job
                return await self.runner.run(job, params)
        finally:
            self.batch_running.emit(False)

    def start_batch(
        self, spec: JobSpec | None, profile_ids: list[str], *, job: int | None = None
    ) -> asyncio.Task[BatchStats]:
        """Run a batch in the background (one at a time); errors go to ``batch_failed``."""
        if self._batch_task is not None and not self._batch_task.done():
            raise ProfileError(self.tr("A batch is already running."))
        task = asyncio.ensure_future(self.run_batch(spec, profile_ids, job=job))
        task.add_done_callback(self._batch_done)
        self._batch_task = task
        return task

    def _batch_done(self, task: asyncio.Task[BatchStats]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.batch_failed.emit(str(task.exception()))

    async def stop_batch(self) -> None:
        """Cancel a running batch; finished pages are stored, the rest stay pending."""
        task, self._batch_task = self._batch_task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def stop_local_servers(self) -> None:
        for server in list(self.local_servers):
            await server.stop()

    async def aclose(self) -> None:
        await self.stop_batch()
        await self.stop_local_servers()
        await self.local.aclose()
        self._poll.stop()
        pending: list[asyncio.Future[None]] = list(self._closing)
        if self._polling is not None:
            self._polling.cancel()
            pending.append(self._polling)
        await asyncio.gather(*pending, return_exceptions=True)
        # A cancelled connect leaves clean-up callbacks (anyio's cancel scopes) queued
        # on the loop: let them run while the loop still does, not after it stopped.
        await asyncio.sleep(0.05)
        self._closing.clear()
        for client in list(self._clients.values()):
            await client.aclose()
        self._clients.clear()
