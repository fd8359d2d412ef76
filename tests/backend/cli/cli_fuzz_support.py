"""What the CLI fuzz tests share: hostile values, the workspace, the network guard.

``check_cli(argv)`` runs ``backend.cli.commands.main`` in this process with the
output captured and asserts the contract every input must meet: an exit code the
CLI documents, a bad input as exactly one line on stderr, no traceback, no raw
control character, and no connection beyond loopback. The tests are in
``test_cli_fuzz.py`` (every subcommand's options) and ``test_reader_fuzz.py``
(import files and model configs).
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import json
import os
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from backend.cli.commands import main
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.hostile_server import EVIL, closed_port
from tests.conftest import SAMPLE_PDF
from tests.properties import examples

# Every character a terminal acts on except line breaks and tabs; lone surrogates.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
DOCUMENTED_EXITS = {0, 2, 3}  # 3: some pages failed (ocr, alt)
EXAMPLES = 400  # per test: 40-60 s for the whole file on a shared 2-core machine

FUZZ_SETTINGS = settings(
    examples(EXAMPLES),  # CI's profile derandomises: the same examples on every run
    database=None,  # nothing written into the repository
    # The data-dir fixture is autouse and only sets environment variables: sharing
    # it across examples is what we want.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    print_blob=False,
)

# -- values -----------------------------------------------------------------------------

HUGE = "9" * 5000
DEEP = "[" * 50_000 + "]" * 50_000
NESTED = "[" * 1_100 + "]" * 1_100  # still past json's recursion limit, and small as a page


def _no_nul(text: str) -> str:
    return text.replace("\x00", "")  # argv cannot hold NUL: the OS ends the string there


controls = st.text(
    alphabet=st.sampled_from(list("\x1b\x07\x9b\r\n\t\x7f\u202e\u2028\u0085\ufeff[]0;:")),
    max_size=12,
)
# What Python makes of argv bytes that are not UTF-8 (NUL cannot be in argv at all).
undecodable = st.binary(min_size=1, max_size=8).map(lambda b: os.fsdecode(b.replace(b"\0", b"_")))
hostile_text = st.one_of(
    st.text(max_size=16),
    controls,
    undecodable,
    st.just(EVIL),
    st.just(DEEP[:2000]),
    st.sampled_from(["", " ", "-", "--", "-1", "1-", "5-3", "0", "١٢", "1,,3", "٣-٥"]),
).map(_no_nul)


def mostly(usual: st.SearchStrategy[Any], rare: st.SearchStrategy[Any], percent: int) -> Any:
    """``usual`` in ``percent`` % of draws. (``one_of`` would weigh each of the many
    branches inside ``rare`` like ``usual``, and hostile text has the most.)"""
    return st.integers(0, 99).flatmap(lambda n: usual if n < percent else rare)


# Some numbers are ones a user might type, so that examples get past the parser.
plausible_number = st.one_of(
    st.integers(0, 3000).map(str), st.sampled_from(["1", "2", "7", "24", "80", "0.5", "0.9"])
)
any_number = st.one_of(
    st.sampled_from(
        [
            *("nan", "-nan", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e-320", "-0", "0"),
            *(HUGE, "-" + HUGE, "-1", "0x10", "1_000", "٣", "²", "", " 7 ", "+3", "1e3", "3.5"),
        ]
    ),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.floats().map(repr),
    hostile_text,
)
hostile_number = mostly(plausible_number, any_number, 40)


@st.composite
def options(draw: st.DrawFn, spec: dict[str, Any]) -> list[str]:
    """A random subset of ``spec``'s options, each with a value of its kind."""
    argv: list[str] = []
    for option in draw(st.lists(st.sampled_from(sorted(spec)), unique=True, max_size=len(spec))):
        kind = spec[option]
        if kind == "flag":
            argv.append(option)
        else:
            argv += [option, draw(kind)]
    return argv


# -- the workspace: one per module, shared by every example -------------------------------


class Workspace:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.pdf = root / "doc.pdf"
        shutil.copy(SAMPLE_PDF, self.pdf)
        self.server = f"http://127.0.0.1:{closed_port()}/v1"
        self.files = root / "files"
        self.files.mkdir()
        self.out = root / "out"
        self.out.mkdir()

    def store(self, test: str) -> str:
        """One store per test (what one test stored does not slow another), seeded with
        hostile text: a reading whose text and model id hold escape sequences."""
        path = self.root / f"{test}.sqlite3"
        if not path.exists():
            session = DocumentSession.open(self.pdf, store_path=path)
            try:
                provenance = {"engine": "vllm", "model": EVIL}
                session.store.add_version(0, VersionKind.OCR, f"第一頁{EVIL}", provenance)
                session.store.add_version(1, VersionKind.IMPORT, "第二頁", {"source": EVIL})
            finally:
                session.close()
        return str(path)

    def file(self, content: bytes, name: str = "input.txt") -> str:
        path = self.files / name
        path.write_bytes(content)
        return str(path)


hostile_bytes = st.one_of(
    st.binary(max_size=64),
    st.text(max_size=64).map(lambda t: t.encode("utf-8", "surrogatepass")),
    # Long numeral runs too: the review aids' legal-term patterns once took quadratic (and
    # for Arabic digits, exponential) time on them (backend/review/numerals.py).
    st.sampled_from(
        [
            EVIL.encode(),
            NESTED.encode(),
            "被告".encode("big5"),
            b"",
            b"9" * 400,
            "一".encode() * 400,
        ]
    ),
)


# -- the network guard -------------------------------------------------------------------


def _loopback(host: object) -> bool:
    if host in ("localhost", b"localhost"):
        return True
    try:
        return ipaddress.ip_address(str(host)).is_loopback
    except ValueError:
        return False


@contextlib.contextmanager
def loopback_only() -> Iterator[list[str]]:
    """Refuse any connection or name lookup beyond loopback, and record the attempt."""
    attempts: list[str] = []
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def connect(sock: socket.socket, address: Any) -> Any:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
            attempts.append(f"connect {address!r}")
            raise OSError("the fuzz test allows loopback only")
        return real_connect(sock, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host is not None and not _loopback(host):
            attempts.append(f"getaddrinfo {host!r}")
            raise socket.gaierror(socket.EAI_NONAME, "the fuzz test allows loopback only")
        return real_getaddrinfo(host, *args, **kwargs)

    with (
        mock.patch.object(socket.socket, "connect", connect),
        mock.patch.object(socket, "getaddrinfo", getaddrinfo),
    ):
        yield attempts


# -- running one argv --------------------------------------------------------------------


def check_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        loopback_only() as attempts,
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = main(argv)
    stdout, stderr = out.getvalue(), err.getvalue()
    shown = f"argv={argv!r}\nexit={code}\nstdout={stdout[-2000:]!r}\nstderr={stderr[-2000:]!r}"
    assert attempts == [], shown
    assert code in DOCUMENTED_EXITS, shown
    assert "Traceback" not in stdout + stderr, shown
    for text in (stdout, stderr):
        assert RAW.search(text) is None, shown
    if code == 2:
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("proofdesk: "), shown
        assert stdout == "", shown
    return code, stdout, stderr


# -- the subcommands ---------------------------------------------------------------------

COMMON: dict[str, Any] = {"--password": hostile_text, "--json": "flag"}


safe_name = (
    st.text(min_size=1, max_size=20)
    .map(_no_nul)
    .filter(lambda n: "/" not in n and n not in (".", ".."))
)


selectors = st.one_of(
    st.sampled_from(["current", "kind:ocr", "kind:import", "engine:import", "model:m"]),
    st.sampled_from(["version:", "kind:", "model:", "prompt:", "engine:"]).flatmap(
        lambda prefix: st.one_of(hostile_number, hostile_text).map(prefix.__add__)
    ),
    hostile_text,
)


# -- import files -------------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(),
    st.text(max_size=12),
    st.just(EVIL),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _json_line(page: Any, text: Any, extra: dict[str, Any]) -> str:
    # allow_nan: the file may hold NaN and Infinity, as Python's own json writes them.
    return json.dumps({"page": page, "text": text, **extra}, ensure_ascii=False)


valid_lines = st.builds(_json_line, st.integers(1, 7), st.text(max_size=20), st.just({}))
hostile_lines = st.one_of(
    valid_lines,
    valid_lines,
    st.builds(
        _json_line,
        st.one_of(st.integers(-3, 9), json_values),
        st.one_of(st.text(max_size=20), json_values),
        st.dictionaries(st.text(max_size=5), json_values, max_size=2),
    ),
    st.sampled_from(
        [
            '{"page": ' + HUGE + ', "text": "x"}',
            '{"page": 1, "text": ' + DEEP + "}",
            '{"page": 1, "text": "a\\ud800"}',
            '{"page": 1, "text": "a", "\\udc00": 0}',
            '{"page": 1e400, "text": "x"}',
            '{"page": 1, "text": "x", "n": -Infinity}',
            '{"page": 1' + "0" * 4000 + ', "text": "x"}',
        ]
    ),
    st.text(max_size=30),
)
encodings = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "big5", "latin-1"])


def encode_lines(lines: list[str], encoding: str) -> bytes:
    return "\n".join(lines).encode(encoding, "surrogatepass" if "utf" in encoding else "replace")


page_file_names = st.one_of(
    st.binary(min_size=1, max_size=12),
    st.integers(0, 9).map(lambda n: f"page-{n:04d}".encode()),
    st.integers(0, 99).map(lambda n: b"scan_p%d\xff" % n),  # a name that is not UTF-8
)


# -- plan configs --------------------------------------------------------------------------

config_numbers = mostly(
    st.integers(1, 4096) | st.sampled_from([8, 16, 28, 32, 128]),
    st.one_of(
        st.integers(min_value=-(10**30), max_value=10**30),
        st.sampled_from([0, 1, 2**40, 2**41, 10**4000]),
        st.floats(),
        st.booleans(),
        st.text(max_size=5),
        st.none(),
    ),
    85,
)
REQUIRED_KEYS = [
    "hidden_size",
    "num_attention_heads",
    "num_hidden_layers",
    "vocab_size",
    "intermediate_size",
]
CONFIG_KEYS = [
    *REQUIRED_KEYS,
    "num_key_value_heads",
    "head_dim",
    "num_experts",
    "num_experts_per_tok",
    "moe_intermediate_size",
    "full_attention_interval",
    "max_position_embeddings",
]


def _config_text(values: dict[str, Any], model_type: Any, layer_types: Any, vision: Any) -> str:
    config: dict[str, Any] = {"model_type": model_type, **values}
    if layer_types is not None:
        config["layer_types"] = layer_types
    if vision is not None:
        config["vision_config"] = vision
    return json.dumps(config)


structured_configs = st.builds(
    _config_text,
    st.fixed_dictionaries({k: config_numbers for k in REQUIRED_KEYS}).flatmap(
        lambda base: st.dictionaries(st.sampled_from(CONFIG_KEYS), config_numbers).map(
            lambda more: base | more
        )
    ),
    mostly(st.sampled_from(["qwen2_5_vl", "qwen3_vl", "qwen3_5"]), st.just(EVIL) | json_values, 80),
    st.none() | st.lists(st.sampled_from(["full_attention", "linear_attention"]) | json_values),
    st.none()
    | st.dictionaries(st.sampled_from(["patch_size", "depth", "hidden_size"]), config_numbers),
)
broken_configs = st.one_of(
    st.sampled_from(
        [
            '{"metadata": {"total_size": 1e400}}',
            '{"metadata": {"total_size": ' + HUGE + "}}",
            '{"a": ' + DEEP + "}",
            "[]",
            "",
        ]
    ),
    hostile_bytes.map(lambda b: b.decode("utf-8", "replace")),
)
hostile_configs = mostly(structured_configs, broken_configs, 75).map(
    lambda text: text.encode("utf-8", "surrogatepass")
)
