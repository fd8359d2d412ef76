"""The key, in-memory and broken keyrings and the profile maker the server profile and
API key tests share."""

from __future__ import annotations

from keyring.backend import KeyringBackend

from backend.settings.profiles import ServerProfile

SECRET = "sk-proofdesk-test-7f3a9c"


class MemoryKeyring(KeyringBackend):
    """A keyring that keeps passwords in a dict: persistent as far as KeyStore can tell."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        del self.passwords[(service, username)]


class BrokenKeyring(KeyringBackend):
    """A keyring that claims to work but fails every call (a locked Secret Service)."""

    priority = 1  # type: ignore[assignment]

    def get_password(self, service: str, username: str) -> str | None:
        raise RuntimeError(f"locked collection while reading {username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise RuntimeError(f"locked collection, cannot store {password}")

    def delete_password(self, service: str, username: str) -> None:
        raise RuntimeError("locked collection")


# Defining a backend registers it with keyring; keep these out of keyring's own choice.
for _cls in (MemoryKeyring, BrokenKeyring):
    getattr(KeyringBackend, "_classes", set()).discard(_cls)


def profile(url: str = "http://127.0.0.1:8000/v1", **changes: object) -> ServerProfile:
    return ServerProfile(name="GPU box", base_url=url, model="qwen").with_(**changes)
