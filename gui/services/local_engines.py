"""In-process engines offered beside the server profiles (today: one local transformers model).

The hub lists their profiles with the servers' and hands out the engine where
it would hand out a server's client, so the re-run panel and the batch choose
a local model exactly as they choose a server. An engine replaced or removed
is closed (its worker ends and the model leaves memory).
"""

from __future__ import annotations

from backend.engines.clients import PageClient
from backend.settings.profiles import ServerProfile


class LocalEngines:
    def __init__(self) -> None:
        self._engines: dict[str, PageClient] = {}

    def profiles(self) -> list[ServerProfile]:
        return [engine.profile for engine in self._engines.values()]

    def get(self, profile_id: str) -> PageClient | None:
        return self._engines.get(profile_id)

    def replace(self, engine: PageClient | None) -> list[PageClient]:
        """Offer ``engine`` instead of the ones before (None: offer none); those to close."""
        old = [e for e in self._engines.values() if e is not engine]
        self._engines = {} if engine is None else {engine.profile.id: engine}
        return old

    async def aclose(self) -> None:
        engines, self._engines = list(self._engines.values()), {}
        for engine in engines:
            await engine.aclose()
