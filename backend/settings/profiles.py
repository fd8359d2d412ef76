"""Server profiles: where to send pages, and how patiently.

A profile holds everything about a server except its API key, which lives in
the system keyring (``backend.settings.keys``): profiles are written to a plain JSON
file, and keys must never reach a file.
"""

from __future__ import annotations

import ipaddress
import json
import math
import os
import uuid
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from backend.errors import ProfileError
from backend.i18n import _
from backend.settings import paths

# Serverless endpoints that scale to zero take minutes to answer the first
# request; a local or warm server answers in seconds. The first-token timeout is
# therefore generous by default, and a wait is shown as a cold start, not a failure.
DEFAULT_CONNECT_TIMEOUT_S = 10.0
DEFAULT_FIRST_TOKEN_TIMEOUT_S = 600.0
DEFAULT_TOTAL_TIMEOUT_S = 1800.0
DEFAULT_CONCURRENCY = 4  # when the server's capacity is unknown
# About an A4 page at 150 dpi: small CJK print stays legible, and it is well
# under Qwen2.5-VL's own max_pixels, so the server keeps every pixel we send.
DEFAULT_MAX_PIXELS = 2_257_920  # 2,880 tokens × 28 × 28


# What each number of a profile may be (a week is the longest a page may take).
NUMBER_LIMITS: dict[str, tuple[float, float]] = {
    "connect_timeout_s": (0, 7 * 86_400),
    "first_token_timeout_s": (0, 7 * 86_400),
    "total_timeout_s": (0, 7 * 86_400),
    "max_concurrency": (0, 1024),
    "max_pixels": (0, 100_000_000),
    "jpeg_quality": (1, 100),
    "max_model_len": (0, 1_000_000_000),
}


@dataclass(frozen=True)
class ServerProfile:
    name: str
    base_url: str  # as the user typed it; see ``api_root``
    model: str = ""
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S
    first_token_timeout_s: float = DEFAULT_FIRST_TOKEN_TIMEOUT_S
    total_timeout_s: float = DEFAULT_TOTAL_TIMEOUT_S
    proxy: str = ""  # never taken from the environment: only what the user sets here
    verify_tls: bool = True
    max_concurrency: int = 0  # 0: from the server's load, else DEFAULT_CONCURRENCY
    max_pixels: int = DEFAULT_MAX_PIXELS
    image_format: str = "jpeg"  # JPEG costs 3-18 ms a page; PNG 200-1,000 ms and 2-3× bytes
    jpeg_quality: int = 85
    max_model_len: int = 0  # learned from /v1/models; 0 = unknown
    plain_http_ok: bool = False  # the user accepted sending pages over http:// to this host

    @property
    def api_root(self) -> str:
        """The server root without ``/v1``: ``/health`` and ``/metrics`` hang off it."""
        return api_root(self.base_url)

    @property
    def is_loopback(self) -> bool:
        return is_loopback_url(self.base_url)

    @property
    def needs_plain_http_warning(self) -> bool:
        """Pages would cross a network unencrypted, and the user has not agreed to it."""
        return (
            urlsplit(self.base_url).scheme == "http"
            and not self.is_loopback
            and not self.plain_http_ok
        )

    def validated(self) -> ServerProfile:
        check_url(self.base_url)
        if self.proxy:
            check_url(self.proxy, what="proxy")
        self._check_numbers()
        if self.image_format not in ("jpeg", "png"):
            raise ProfileError(_("The image format must be JPEG or PNG."))
        return self

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def _check_numbers(self) -> None:
        """Every number finite and in its range: NaN or inf (from a hand-edited file) as a
        timeout would switch the deadline off, and a bool or text is not a number."""
        for name, (low, high) in NUMBER_LIMITS.items():
            value = getattr(self, name)
            label = name.removesuffix("_s").replace("_", " ")
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and name.endswith("_timeout_s") and value <= 0:
                raise ProfileError(_("The {label} must be positive.").format(label=label))
            if not number or not math.isfinite(value) or not low <= value <= high:
                raise ProfileError(
                    _("The {label} must be a number from {low:g} to {high:g}.").format(
                        label=label, low=low, high=high
                    )
                )

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> ServerProfile:
        known = {f.name for f in fields(cls)}
        profile = cls(**{k: v for k, v in obj.items() if k in known})
        profile._check_numbers()  # a file's numbers are checked as the form's are
        return profile

    def with_(self, **changes: Any) -> ServerProfile:
        return replace(self, **changes)


def api_root(url: str) -> str:
    root = url.strip().rstrip("/")
    for suffix in ("/chat/completions", "/v1"):
        root = root.removesuffix(suffix)
    return root


def check_url(url: str, *, what: str = "") -> None:
    what = what or _("server URL")  # translated at the call, not at import
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ProfileError(
            _(
                "The {what} must start with http:// or https:// and name a host, e.g. "
                "http://127.0.0.1:8000/v1 (got “{url}”)."
            ).format(what=what, url=url)
        )
    if parts.username or parts.password:
        # A key in the URL would end up in settings files and logs.
        raise ProfileError(
            _("Put the API key in the API key field, not in the {what}.").format(what=what)
        )


def is_loopback_url(url: str) -> bool:
    host = urlsplit(url.strip()).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class ProfileStore:
    """Profiles saved as JSON (atomically, readable by the user only). No keys."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.config_dir() / "servers.json"

    def load(self) -> list[ServerProfile]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            raise ProfileError(
                _("The server list {path} cannot be read; it was left as it is.").format(
                    path=self.path
                ),
                detail=repr(exc),
            ) from exc
        items = raw.get("profiles", []) if isinstance(raw, dict) else []
        try:
            return [ServerProfile.from_json(p) for p in items if isinstance(p, dict)]
        except TypeError as exc:  # an entry without a name or URL
            raise ProfileError(
                _("The server list {path} has an incomplete entry; it was left as it is.").format(
                    path=self.path
                ),
                detail=repr(exc),
            ) from exc

    def save(self, profiles: list[ServerProfile]) -> None:
        paths.make_private_dir(self.path.parent)
        tmp = self.path.with_suffix(".tmp")
        data = json.dumps({"profiles": [p.to_json() for p in profiles]}, indent=2)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
