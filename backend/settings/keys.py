"""API keys: in the system keyring, or for this session only.

Keys never go to QSettings, profile files, the store or logs. Where no keyring
backend exists (a bare Linux without a Secret Service), a key is kept in memory
for the session and the UI says so, rather than writing it somewhere weaker.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

log = logging.getLogger(__name__)

SERVICE = "ProofDesk"


class KeyStore:
    def __init__(self, backend: Any = None) -> None:
        self._backend = backend  # a keyring backend; None = keyring's own choice
        self._session: dict[str, str] = {}

    def _keyring(self) -> Any:
        if self._backend is None:
            import keyring  # imported late: it probes D-Bus, which takes time

            self._backend = keyring.get_keyring()
        return self._backend

    @property
    def persistent(self) -> bool:
        """True when keys survive a restart (a real keyring backend exists)."""
        backend = self._keyring()
        try:
            return float(backend.priority) > 0
        except Exception:  # keyring's fail backend raises from priority
            return False

    def get(self, profile_id: str) -> str | None:
        if profile_id in self._session:
            return self._session[profile_id]
        if not self.persistent:
            return None
        try:
            value = self._keyring().get_password(SERVICE, profile_id)
        except Exception as exc:  # a locked or broken keyring must not stop the app
            log.warning("keyring read failed: %s", type(exc).__name__)
            return None
        return str(value) if value is not None else None

    def set(self, profile_id: str, key: str) -> bool:
        """Store a key; returns True when it was saved to the keyring (False: session only)."""
        self._session.pop(profile_id, None)
        if not key:
            self.delete(profile_id)
            return self.persistent
        if self.persistent:
            try:
                self._keyring().set_password(SERVICE, profile_id, key)
                return True
            except Exception as exc:
                log.warning(
                    "keyring write failed, keeping the key for this session: %s", type(exc).__name__
                )
        self._session[profile_id] = key
        return False

    def set_session(self, profile_id: str, key: str) -> None:
        """Keep a key for this session only (a local server's random key)."""
        self._session[profile_id] = key

    def delete(self, profile_id: str) -> None:
        self._session.pop(profile_id, None)
        if self.persistent:
            with contextlib.suppress(Exception):  # not there: nothing to delete
                self._keyring().delete_password(SERVICE, profile_id)
