"""Canaries, a DEBUG-everywhere log capture, a clean CLI environment and the greps the
secrets and privacy tests share."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.conftest import ROOT

DEAD_PROXY = "http://127.0.0.1:9"  # nothing listens there: a request through it fails
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


def canary(kind: str) -> str:
    return f"{kind}-canary-{uuid.uuid4().hex}"


def key_canary(kind: str) -> str:
    """A key sharing no 10 characters with the other canaries: the redaction also
    removes any 10-character piece of a key (a key cut up), and "y-canary-4" is one
    of "key-canary-4…" as well as of "reply-canary-4…" (a flake 1 run in 16)."""
    return f"{kind}-{uuid.uuid4().hex}"


def files_containing(root: Path, needle: str) -> list[str]:
    """Every file under ``root`` whose bytes contain ``needle`` (UTF-8 or UTF-16)."""
    patterns = [needle.encode("utf-8"), needle.encode("utf-16-le")]
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            if any(p in data for p in patterns):
                found.append(str(path.relative_to(root)))
    return found


def all_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


class MemoryKeyring:
    """A keyring backend that works (priority > 0), kept in memory."""

    priority = 1

    def __init__(self) -> None:
        self.saved: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, user: str) -> str | None:
        return self.saved.get((service, user))

    def set_password(self, service: str, user: str, password: str) -> None:
        self.saved[(service, user)] = password

    def delete_password(self, service: str, user: str) -> None:
        self.saved.pop((service, user), None)


def debug_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # the root logger
    for name in ("httpx", "httpcore", "asyncio", "backend"):
        caplog.set_level(logging.DEBUG, logger=name)


def run_cli_debug(
    *args: str | Path, env: dict[str, str], timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """``python -m backend ...`` with every logger at DEBUG, printed to stderr.

    The CLI itself has no switch to raise its log level: this wrapper does what a user
    debugging it would do (``logging.basicConfig(level=DEBUG)``) before calling ``main``.
    """
    code = (
        "import logging, sys; "
        "logging.basicConfig(level=logging.DEBUG, "
        "format='LOG %(levelname)s %(name)s: %(message)s'); "
        "from backend.cli.commands import main; sys.exit(main(sys.argv[1:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
    )


def fresh_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PROXY_VARS}
    env.pop("PROOFDESK_API_KEY", None)
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    env.update(
        PROOFDESK_DATA_DIR=str(tmp_path / "proofdesk-data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "xdg-data"),
        XDG_CACHE_HOME=str(tmp_path / "xdg-cache"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    env.update(extra)
    return env
