"""The server profile file: a private JSON file that never holds a key, and what loading
a corrupt, unreadable or hand-edited one does."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import keyring.backends.fail
import pytest

from backend.errors import ProfileError
from backend.settings.keys import KeyStore
from backend.settings.profiles import ProfileStore, ServerProfile
from tests.backend.settings.profiles_helpers import SECRET, MemoryKeyring, profile
from tests.conftest import ROOT

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


def test_a_file_without_read_permission_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    path.write_text('{"profiles": []}')
    path.chmod(0o000)
    # Root reads any file: as root, the load runs in a process without the two
    # capabilities that let it (util-linux's setpriv), so the mode applies to it too.
    as_anyone = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    load = (
        "import sys\nfrom pathlib import Path\nfrom backend.errors import ProfileError\n"
        "from backend.settings.profiles import ProfileStore\n"
        "try:\n    ProfileStore(Path(sys.argv[1])).load()\n"
        "except ProfileError as exc:\n    print(exc)\n"
    )
    try:
        done = subprocess.run(
            [*(as_anyone if os.geteuid() == 0 else []), sys.executable, "-c", load, str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        path.chmod(0o600)
    assert done.returncode == 0, done.stderr
    assert "cannot be read" in done.stdout, done.stdout
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
