"""No telemetry (issue 6): nothing ProofDesk starts or imports phones home or leaves files
(tracking ids, caches) outside ProofDesk's own folders.

The app's main paths run as real processes in a fresh HOME (XDG_* and PROOFDESK_DATA_DIR
unset, so the default per-user folders are used): ``info``, ``import``, ``ocr`` against the
fake server, and the GUI launched offscreen with its bench hook (it shows the first page and
exits). Afterwards every file under that HOME is listed; only ProofDesk's own folders may hold
any: ``~/.local/share/ProofDesk`` (platformdirs' user_data_dir: stores, backups,
documents.json) and ``~/.config/ProofDesk`` (user_config_dir: servers.json; QSettings'
``ProofDesk/ProofDesk.conf`` for organisation and application "ProofDesk").

An audit hook (``sitecustomize`` on PYTHONPATH, so every Python process and render worker
loads it) records each ``socket.connect`` and ``socket.getaddrinfo``: only loopback and
local sockets may appear.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from backend.server.local_server import LocalServer, LocalServerConfig
from tests.conftest import ROOT, SAMPLE_PDF
from tests.fakevllm import FakeVllm

FAKE_ENTRY = ROOT / "tests" / "fake_vllm_entry"
OWN_FOLDERS = (Path(".local/share/ProofDesk"), Path(".config/ProofDesk"))

AUDIT_HOOK = """
import os, sys

_LOG = os.environ.get("PROOFDESK_TEST_NET_LOG")


def _hook(event, args):
    if not _LOG or event not in ("socket.connect", "socket.getaddrinfo"):
        return
    if event == "socket.connect":
        what = repr(args[1])
    else:
        what = repr(args[0]) + " " + repr(args[1])
    with open(_LOG, "a", encoding="utf-8") as f:
        f.write(f"{os.getpid()} {event} {what}\\n")


sys.addaudithook(_hook)
"""

LOCAL_HOSTS = ("'127.0.0.1'", "'localhost'", "'::1'", "b'127.0.0.1'", "b'localhost'")


def fresh_home_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    home = tmp_path / "home"
    home.mkdir()
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(AUDIT_HOOK, "utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("XDG_", "PROOFDESK_", "QT_")) and k not in ("PYTHONPATH",)
    }
    env.update(
        HOME=str(home),
        TMPDIR=str(tmp_path / "tmp"),
        PYTHONPATH=os.pathsep.join([str(hook), str(ROOT)]),
        PROOFDESK_TEST_NET_LOG=str(tmp_path / "net.log"),
        # Never the real keyring of whoever runs the tests.
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        QT_QPA_PLATFORM="offscreen",
    )
    (tmp_path / "tmp").mkdir()
    return env, home


def run(args: list[str], env: dict[str, str], timeout: float = 180) -> str:
    result = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
    )
    assert result.returncode == 0, f"{args}: {result.stderr[-3000:]}"
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    return result.stdout + result.stderr


def test_main_paths_write_nothing_outside_proofdesks_folders(tmp_path: Path) -> None:
    env, home = fresh_home_env(tmp_path)
    pdf = tmp_path / "doc" / "sample.pdf"  # outside HOME
    pdf.parent.mkdir()
    shutil.copy(SAMPLE_PDF, pdf)
    transcripts = tmp_path / "doc" / "t.jsonl"
    transcripts.write_text('{"page": 1, "text": "Imported page one."}\n', "utf-8")
    with FakeVllm(service_time=0.01, api_key="k-telemetry") as fake:
        run(["-m", "backend", "info", str(pdf)], env)
        assert "Imported 1 page(s)" in run(
            ["-m", "backend", "import", str(pdf), "--from", str(transcripts)], env
        )
        out = run(
            ["-m", "backend", "ocr", str(pdf), "--server", fake.base_url + "/v1", "--pages", "1"],
            {**env, "PROOFDESK_API_KEY": "k-telemetry"},
        )
        assert "done: 1 stored, 0 failed" in out
        # The GUI too, where Qt is installed (the backend tests also run without it).
        if importlib.util.find_spec("PySide6") is not None:
            gui_env = {
                **env,
                "PROOFDESK_BENCH_FIRST_PAGE": "1",
                "PROOFDESK_BENCH_T0": repr(time.time()),
            }
            assert "proofdesk-first-page-visible" in run(["-m", "gui.entry", str(pdf)], gui_env)
        port = fake.base_url.rsplit(":", 1)[1]

    written = sorted(p.relative_to(home) for p in home.rglob("*") if not p.is_dir())
    assert written, "the paths above wrote nothing at all: the test is not looking at them"
    assert any(p.is_relative_to(OWN_FOLDERS[0] / "stores") for p in written)
    if importlib.util.find_spec("PySide6") is not None:  # QSettings: the window layout
        assert Path(".config/ProofDesk/ProofDesk.conf") in written
    outside = [str(p) for p in written if not any(p.is_relative_to(f) for f in OWN_FOLDERS)]
    assert outside == [], "written outside ProofDesk's folders:\n" + "\n".join(outside)
    left_in_tmp = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "tmp").rglob("*"))
    assert left_in_tmp == [], left_in_tmp

    net = (tmp_path / "net.log").read_text("utf-8").splitlines()
    assert any(f", {port})" in line for line in net)  # the hook saw the fake server
    foreign = [
        line
        for line in net
        if not (
            any(h in line for h in LOCAL_HOSTS)
            or "socket.connect '/" in line  # AF_UNIX: a local socket
            or "socket.connect '\\x00" in line  # abstract AF_UNIX
        )
    ]
    assert foreign == [], "connections or look-ups beyond this machine:\n" + "\n".join(foreign)


def test_importing_the_backend_does_not_load_onnxruntime(tmp_path: Path) -> None:
    # pymupdf 2.0 (not -lite) imports onnxruntime, which writes a device id to ~/.cache.
    env, _ = fresh_home_env(tmp_path)
    code = (
        "import sys, pymupdf, backend.documents.pdf, backend.cli.commands;"
        "import backend.session.document_session, backend.documents.render_service;"
        "import backend.engines.vllm, backend.server.local_server;"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('onnxruntime', 'onnx', 'torch', 'sentry_sdk', 'posthog', 'segment', 'analytics'));"
        "print('LOADED', loaded)"
    )
    out = run(["-c", code], env)
    assert "LOADED []" in out, out


@pytest.mark.parametrize("user_env", [{}, {"VLLM_NO_USAGE_STATS": "0", "DO_NOT_TRACK": "0"}])
def test_a_local_server_is_started_with_usage_stats_off(user_env: dict[str, str]) -> None:
    """Read from the running server's own /proc/<pid>/environ (the fake vLLM entry point)."""
    cfg = LocalServerConfig(
        model="/models/tiny-vl",
        served_model_name="tiny-vl",
        python=sys.executable,
        env={
            "PYTHONPATH": os.pathsep.join([str(FAKE_ENTRY), str(ROOT)]),
            "FAKE_VLLM_BEHAVIOUR": "ok",
            **user_env,  # the user's own env settings cannot turn the stats back on
        },
    )

    async def scenario() -> dict[str, str]:
        server = LocalServer(cfg)
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            pid = next(
                int(line.split("APIServer pid=")[1].split(")")[0])
                for line in server.lines
                if "APIServer pid=" in line
            )
            raw = Path(f"/proc/{pid}/environ").read_bytes()
            environ = dict(item.decode().split("=", 1) for item in raw.split(b"\0") if b"=" in item)
            assert environ["VLLM_API_KEY"] == server.api_key
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode()
            assert server.api_key not in cmdline
            return environ
        finally:
            await server.stop()

    environ = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert environ["VLLM_NO_USAGE_STATS"] == "1"
    assert environ["DO_NOT_TRACK"] == "1"
