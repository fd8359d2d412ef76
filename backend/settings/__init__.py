"""What the user set up: server profiles (everything but the key), API keys in
the system keyring, and where ProofDesk keeps its files.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.settings.keys import KeyStore as KeyStore
    from backend.settings.profiles import DEFAULT_CONCURRENCY as DEFAULT_CONCURRENCY
    from backend.settings.profiles import ProfileStore as ProfileStore
    from backend.settings.profiles import ServerProfile as ServerProfile
    from backend.settings.profiles import api_root as api_root
    from backend.settings.profiles import is_loopback_url as is_loopback_url

_SURFACE = {
    "DEFAULT_CONCURRENCY": "profiles",
    "KeyStore": "keys",
    "ProfileStore": "profiles",
    "ServerProfile": "profiles",
    "api_root": "profiles",
    "is_loopback_url": "profiles",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "DEFAULT_CONCURRENCY",
    "KeyStore",
    "ProfileStore",
    "ServerProfile",
    "api_root",
    "is_loopback_url",
]
