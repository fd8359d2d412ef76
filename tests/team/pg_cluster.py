"""A throw-away PostgreSQL 15 cluster for the team store's tests and bench.

Debian's server binaries (``/usr/lib/postgresql/15/bin``; ``scripts/system-deps.sh``
installs them) are run into a temporary folder on a free loopback port. initdb
refuses to run as root, so as root the cluster belongs to the ``postgres`` user
(``runuser``); anyone else owns it themselves. Local socket connections are
trusted (the set-up runs through them); TCP connections need a password
(scram-sha-256), as on a real server, so each role's identity is its login.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


def _server_binaries() -> Path:
    """``PROOFDESK_PG_BIN``, else Debian's PostgreSQL 15, else the newest one installed."""
    if os.environ.get("PROOFDESK_PG_BIN"):
        return Path(os.environ["PROOFDESK_PG_BIN"])
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    preferred = Path("/usr/lib/postgresql/15/bin")
    if (preferred / "initdb").exists() or not found:
        return preferred
    return found[-1].parent


PG_BIN = _server_binaries()
SUPERUSER = "postgres"
SUPERUSER_PASSWORD = "pd-superuser"  # a throw-away cluster on loopback only


class ClusterUnavailable(RuntimeError):
    """PostgreSQL's server binaries are not installed."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    root: Path
    port: int
    as_user: str | None  # run the server binaries as this user (when we are root)
    log: Path = field(init=False)

    def __post_init__(self) -> None:
        self.log = self.root / "server.log"

    @property
    def data(self) -> Path:
        return self.root / "data"

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        cmd = list(argv)
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        return subprocess.run(cmd, check=check, capture_output=True, text=True, timeout=120)

    def init(self) -> None:
        pwfile = self.root / "pw"
        pwfile.write_text(SUPERUSER_PASSWORD + "\n")
        self._chown(pwfile)
        self._run(
            str(PG_BIN / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            f"--pwfile={pwfile}",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        )

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.log),
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(
            str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False
        )

    def psql(
        self,
        sql: str,
        *,
        user: str = SUPERUSER,
        password: str = SUPERUSER_PASSWORD,
        db: str = "proofdesk",
    ) -> subprocess.CompletedProcess[str]:
        """Run SQL with plain psql over TCP as ``user`` (what a person could do by hand)."""
        env = {**os.environ, "PGPASSWORD": password}
        return subprocess.run(
            [
                str(PG_BIN / "psql"),
                "-X",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                user,
                "-d",
                db,
                "-c",
                sql,
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )

    def url(
        self, user: str = SUPERUSER, password: str = SUPERUSER_PASSWORD, db: str = "proofdesk"
    ) -> str:
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{db}"

    def _chown(self, path: Path) -> None:
        if self.as_user:
            shutil.chown(path, self.as_user, self.as_user)

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> Cluster:
    """Make and start a cluster with an empty ``proofdesk`` database."""
    if not (PG_BIN / "initdb").exists():
        raise ClusterUnavailable(
            f"PostgreSQL's server binaries are not in {PG_BIN}: install Debian's "
            "'postgresql' package (scripts/system-deps.sh does, as root)."
        )
    as_user = SUPERUSER if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="proofdesk-pg-"))
    cluster = Cluster(root=root, port=_free_port(), as_user=as_user)
    cluster._chown(root)
    try:
        cluster.init()
        cluster.start()
        created = cluster.psql("CREATE DATABASE proofdesk", db="postgres")
        if created.returncode:
            raise RuntimeError(created.stderr)
    except BaseException:
        cluster.remove()
        raise
    return cluster
