"""Server profiles (a private JSON file without keys) and API keys (keyring or session only)."""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import keyring.backends.fail
import pytest
from keyring.backend import KeyringBackend

from backend.errors import ProfileError
from backend.settings.keys import SERVICE, KeyStore
from backend.settings.profiles import (
    ProfileStore,
    ServerProfile,
    api_root,
    check_url,
    is_loopback_url,
)

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


# --- URLs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "root"),
    [
        ("http://gpu:8000/v1", "http://gpu:8000"),
        ("http://gpu:8000/v1/", "http://gpu:8000"),
        ("http://gpu:8000/v1/chat/completions", "http://gpu:8000"),
        ("http://gpu:8000/v1/chat/completions/", "http://gpu:8000"),
        ("  http://gpu:8000/v1  ", "http://gpu:8000"),
        ("http://gpu:8000", "http://gpu:8000"),
        ("https://api.example.com/openai/v1", "https://api.example.com/openai"),
    ],
)
def test_api_root(url: str, root: str) -> None:
    assert api_root(url) == root
    assert profile(url).api_root == root


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:8000/v1", "https://api.example.com/v1", "http://[::1]:8000", "http://gpu"],
)
def test_check_url_accepts_http_and_https(url: str) -> None:
    check_url(url)


@pytest.mark.parametrize(
    "url", ["ftp://gpu/v1", "http://", "http:///v1", "gpu:8000/v1", "127.0.0.1:8000", ""]
)
def test_check_url_rejects_other_schemes_and_missing_hosts(url: str) -> None:
    with pytest.raises(ProfileError, match=r"http:// or https://") as info:
        check_url(url)
    assert "server URL" in str(info.value)


@pytest.mark.parametrize(
    "url", [f"http://user:{SECRET}@gpu:8000/v1", f"https://{SECRET}@api.example.com/v1"]
)
def test_check_url_rejects_credentials_without_repeating_them(url: str) -> None:
    with pytest.raises(ProfileError, match="API key field") as info:
        check_url(url)
    assert SECRET not in str(info.value)


def test_check_url_names_the_proxy() -> None:
    with pytest.raises(ProfileError, match="proxy"):
        profile(proxy="socks-proxy-without-scheme").validated()


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000/v1", True),
        ("http://127.0.0.2:8000/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://localhost:8000/v1", True),
        ("http://LOCALHOST:8000/v1", True),
        ("http://10.0.0.5:8000/v1", False),
        ("http://192.168.1.20:8000/v1", False),
        ("https://example.com/v1", False),
        ("http://localhost.example.com/v1", False),
        ("not a url", False),
    ],
)
def test_is_loopback_url(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback
    assert profile(url).is_loopback is loopback


@pytest.mark.parametrize(
    ("url", "plain_http_ok", "warn"),
    [
        ("http://192.168.1.20:8000/v1", False, True),
        ("http://gpu.lab.example.com:8000/v1", False, True),
        ("https://gpu.lab.example.com/v1", False, False),
        ("http://127.0.0.1:8000/v1", False, False),
        ("http://localhost:8000/v1", False, False),
        ("http://[::1]:8000/v1", False, False),
        ("http://192.168.1.20:8000/v1", True, False),
    ],
)
def test_plain_http_warning(url: str, plain_http_ok: bool, warn: bool) -> None:
    assert profile(url, plain_http_ok=plain_http_ok).needs_plain_http_warning is warn


# --- validation ------------------------------------------------------------------------


def test_a_good_profile_validates_to_itself() -> None:
    p = profile()
    assert p.validated() is p


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("connect_timeout_s", "connect timeout"),
        ("first_token_timeout_s", "first token timeout"),
        ("total_timeout_s", "total timeout"),
    ],
)
@pytest.mark.parametrize("value", [0, -1.0])
def test_timeouts_must_be_positive(field: str, words: str, value: float) -> None:
    with pytest.raises(ProfileError, match=f"The {words} must be positive"):
        profile(**{field: value}).validated()


@pytest.mark.parametrize("fmt", ["webp", "JPEG", "jpg", ""])
def test_unknown_image_formats_are_rejected(fmt: str) -> None:
    with pytest.raises(ProfileError, match="JPEG or PNG"):
        profile(image_format=fmt).validated()


def test_png_is_accepted() -> None:
    assert profile(image_format="png").validated().image_format == "png"


def test_validated_checks_the_url() -> None:
    with pytest.raises(ProfileError, match="API key field"):
        profile(f"http://u:{SECRET}@gpu/v1").validated()


# --- the profile file -------------------------------------------------------------------


def test_no_file_means_no_profiles(isolated_data_dir: Path) -> None:
    assert ProfileStore().load() == []


def test_profiles_round_trip(isolated_data_dir: Path) -> None:
    profiles = [
        profile(),
        ServerProfile(
            name="雲端 serverless",
            base_url="https://api.example.com/v1",
            model="Qwen/Qwen3-VL-8B-Instruct",
            first_token_timeout_s=900.0,
            verify_tls=False,
            max_concurrency=2,
            image_format="png",
            max_model_len=32_768,
            plain_http_ok=True,
        ),
    ]
    ProfileStore().save(profiles)
    assert ProfileStore().load() == profiles


def test_default_file_lives_in_the_config_dir(isolated_data_dir: Path) -> None:
    store = ProfileStore()
    store.save([profile()])
    assert store.path.is_file()
    assert isolated_data_dir in store.path.parents


def test_file_is_private(isolated_data_dir: Path) -> None:
    store = ProfileStore()
    store.save([profile()])
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.path.parent.stat().st_mode) & 0o077 == 0


def test_saving_over_a_world_readable_file_makes_it_private(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "servers.json"
    path.parent.mkdir()
    path.write_text('{"profiles": []}')
    path.chmod(0o644)
    ProfileStore(path).save([profile()])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in ProfileStore(path).load()] == ["GPU box"]


def test_saving_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "cfg" / "servers.json")
    store.save([profile()])
    store.save([profile(), profile()])
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["servers.json"]
    assert len(store.load()) == 2


@pytest.mark.parametrize("content", [b"{not json", b'{"profiles": [', b"\xff\xfe\x00garbage", b""])
def test_a_corrupt_file_is_an_error_naming_it_and_left_untouched(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "servers.json"
    path.write_bytes(content)
    with pytest.raises(ProfileError) as info:
        ProfileStore(path).load()
    assert str(path) in str(info.value)
    assert "left as it is" in str(info.value)
    assert path.read_bytes() == content


def test_an_unreadable_path_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    path.mkdir()  # reading a directory fails even for root
    with pytest.raises(ProfileError, match="cannot be read") as info:
        ProfileStore(path).load()
    assert str(path) in str(info.value)
    assert path.is_dir()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_a_file_without_read_permission_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    path.write_text('{"profiles": []}')
    path.chmod(0o000)
    try:
        with pytest.raises(ProfileError, match="cannot be read"):
            ProfileStore(path).load()
    finally:
        path.chmod(0o600)
    assert path.read_text() == '{"profiles": []}'


def test_an_entry_missing_required_fields_is_a_profile_error(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    content = '{"profiles": [{"base_url": "http://gpu:8000/v1"}]}'
    path.write_text(content)
    with pytest.raises(ProfileError) as info:
        ProfileStore(path).load()
    assert str(path) in str(info.value)
    assert path.read_text() == content


def test_unknown_fields_in_the_file_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    entry = {"name": "old", "base_url": "http://gpu:8000/v1", "colour": "blue"}
    path.write_text(json.dumps({"profiles": [entry], "version": 9}))
    [loaded] = ProfileStore(path).load()
    assert (loaded.name, loaded.base_url) == ("old", "http://gpu:8000/v1")


def test_a_key_found_in_an_old_file_is_dropped_on_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    entry = {"name": "old", "base_url": "http://gpu:8000/v1", "api_key": SECRET}
    path.write_text(json.dumps({"profiles": [entry]}))
    store = ProfileStore(path)
    store.save(store.load())
    assert SECRET not in path.read_text()
    assert [p.name for p in store.load()] == ["old"]


def test_the_file_never_holds_the_api_key(isolated_data_dir: Path) -> None:
    p = profile()
    keys = KeyStore(MemoryKeyring())
    assert keys.set(p.id, SECRET)
    store = ProfileStore()
    store.save([p])
    assert SECRET not in store.path.read_text(encoding="utf-8")
    assert keys.get(ProfileStore().load()[0].id) == SECRET  # found again by the profile id


def test_a_session_only_key_never_reaches_the_file(isolated_data_dir: Path) -> None:
    p = profile()
    keys = KeyStore(keyring.backends.fail.Keyring())
    assert not keys.set(p.id, SECRET)
    store = ProfileStore()
    store.save([p])
    assert SECRET not in store.path.read_text(encoding="utf-8")


# --- keys ------------------------------------------------------------------------------


def test_without_a_keyring_keys_last_for_the_session_only() -> None:
    keys = KeyStore(keyring.backends.fail.Keyring())
    assert not keys.persistent
    assert keys.set("p1", SECRET) is False
    assert keys.get("p1") == SECRET
    assert keys.get("p2") is None
    keys.delete("p1")
    assert keys.get("p1") is None
    # A new session (a restart) has nothing.
    keys.set("p1", SECRET)
    assert KeyStore(keyring.backends.fail.Keyring()).get("p1") is None


def test_with_a_keyring_keys_are_stored_under_proofdesk() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    assert keys.persistent
    assert keys.set("p1", SECRET) is True
    assert backend.passwords == {("ProofDesk", "p1"): SECRET}
    assert SERVICE == "ProofDesk"
    assert keys.get("p1") == SECRET
    assert KeyStore(backend).get("p1") == SECRET  # survives a restart


def test_replacing_and_deleting_a_stored_key() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    keys.set("p1", "old")
    keys.set("p1", SECRET)
    assert KeyStore(backend).get("p1") == SECRET
    keys.delete("p1")
    assert keys.get("p1") is None
    assert backend.passwords == {}


def test_deleting_a_key_that_is_not_there_is_fine() -> None:
    KeyStore(MemoryKeyring()).delete("never-set")
    KeyStore(keyring.backends.fail.Keyring()).delete("never-set")


def test_setting_an_empty_key_forgets_the_key() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    keys.set("p1", SECRET)
    assert keys.set("p1", "") is True
    assert keys.get("p1") is None
    assert backend.passwords == {}

    session = KeyStore(keyring.backends.fail.Keyring())
    session.set("p1", SECRET)
    assert session.set("p1", "") is False
    assert session.get("p1") is None


def test_a_broken_keyring_falls_back_to_the_session(caplog: pytest.LogCaptureFixture) -> None:
    keys = KeyStore(BrokenKeyring())
    assert keys.persistent  # it claims to work
    with caplog.at_level(logging.WARNING, logger="backend.settings.keys"):
        assert keys.set("p1", SECRET) is False
        assert keys.get("p1") == SECRET
        assert keys.get("p2") is None
        keys.delete("p1")
    assert keys.get("p1") is None
    assert "keyring" in caplog.text
    assert SECRET not in caplog.text  # the failure is logged without the key


def test_a_keyring_whose_priority_raises_is_not_persistent() -> None:
    class Unavailable(MemoryKeyring):
        @property  # type: ignore[misc]
        def priority(self) -> float:  # type: ignore[override]
            raise RuntimeError("no D-Bus session")

    getattr(KeyringBackend, "_classes", set()).discard(Unavailable)
    keys = KeyStore(Unavailable())
    assert not keys.persistent
    assert keys.set("p1", SECRET) is False
    assert keys.get("p1") == SECRET


@pytest.mark.parametrize(
    "field, value",
    [
        ("first_token_timeout_s", float("nan")),
        ("total_timeout_s", float("inf")),
        ("connect_timeout_s", 1e300),
        ("max_concurrency", 10**9),
        ("max_pixels", -5),
        ("total_timeout_s", "600"),
        ("jpeg_quality", True),
    ],
)
def test_a_hand_edited_number_out_of_range_is_refused_not_used(
    tmp_path: Path, field: str, value: object
) -> None:
    # NaN or inf as a timeout would switch the deadline off: the read could hang forever.
    from backend.settings.profiles import ProfileStore

    path = tmp_path / "servers.json"
    entry = {"name": "GPU", "base_url": "https://gpu.example/v1", field: value}
    path.write_text(json.dumps({"profiles": [entry]}), encoding="utf-8")
    with pytest.raises(ProfileError, match="must be"):
        ProfileStore(path).load()
