"""The packaging files agree with each other and with the tree (the build itself is
``packaging/build.sh``, too slow for CI): what the spec includes exists, the names
the script, the installer and the desktop entry share match, the entry validates."""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shlex
import shutil
import struct
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "pysidedeploy.spec"
BUILD_SH = PACKAGING / "build.sh"
INSTALL_SH = PACKAGING / "install.sh"
DESKTOP = PACKAGING / "proofdesk.desktop"
ICONS = ROOT / "resources" / "icons"


def _spec() -> configparser.ConfigParser:
    spec = configparser.ConfigParser()
    spec.read(SPEC, encoding="utf-8")
    return spec


def _extra_args() -> list[str]:
    return shlex.split(_spec()["nuitka"]["extra_args"])


def _option_values(name: str) -> list[str]:
    prefix = f"--{name}="
    return [arg.removeprefix(prefix) for arg in _extra_args() if arg.startswith(prefix)]


def test_spec_entry_icon_and_output_match_the_script() -> None:
    app = _spec()["app"]
    # pyside6-deploy reads input_file against project_dir (relative to the spec)
    # and the icon against the working directory, which build.sh makes the root.
    project = (SPEC.parent / app["project_dir"]).resolve()
    assert project == ROOT
    assert (project / app["input_file"]).is_file()
    assert (ROOT / app["icon"]).is_file()
    assert _spec()["nuitka"]["mode"] == "standalone"
    script = BUILD_SH.read_text(encoding="utf-8")
    # pyside6-deploy copies the app folder to <exec_directory>/<title>.dist.
    assert f"APP={app['exec_directory']}/{app['title']}.dist" in script
    assert "--output-filename=proofdesk" in _extra_args()
    assert re.fullmatch(r"Nuitka==[\d.]+", _spec()["python"]["packages"])


def test_included_data_dirs_and_modules_exist() -> None:
    data_dirs = _option_values("include-data-dir")
    assert data_dirs, "the spec includes no data folder"
    for pair in data_dirs:
        source, _, target = pair.partition("=")
        assert (ROOT / source).is_dir(), source
        assert target
    for option in ("include-package", "include-module", "include-package-data"):
        for value in _option_values(option):
            name, _, pattern = value.partition(":")
            spec = importlib.util.find_spec(name)
            assert spec is not None, f"--{option}={value}"
            if pattern:  # package data by pattern: it must match a file (Qt's zh_TW catalogue)
                assert spec.submodule_search_locations is not None
                folder = Path(next(iter(spec.submodule_search_locations)))
                assert any(folder.glob(pattern)), f"--{option}={value}"


def test_files_the_script_requires_in_the_app_exist_or_are_built() -> None:
    script = BUILD_SH.read_text(encoding="utf-8")
    required = re.findall(r"(resources/[\w/.-]+\.(?:qm|mo|pdf|png))", script)
    assert any(path.endswith("proofdesk_zh_TW.qm") for path in required)
    for path in set(required):
        source = ROOT / path
        if source.suffix == ".qm":  # compiled by scripts/compile_translations.sh
            source = source.with_suffix(".ts")
        elif source.suffix == ".mo":
            source = source.with_suffix(".po")
        assert source.is_file(), path
    # The whole resources folder goes in, where the code looks for it (beside the packages).
    assert "resources=resources" in _option_values("include-data-dir")


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_icon_sizes_are_the_ones_the_installer_copies() -> None:
    installer = INSTALL_SH.read_text(encoding="utf-8")
    sizes = re.search(r'^sizes="([\d ]+)"', installer, re.MULTILINE)
    assert sizes is not None
    for size in map(int, sizes.group(1).split()):
        assert _png_size(ICONS / f"proofdesk-{size}.png") == (size, size)
    assert (ICONS / "proofdesk.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def _desktop_entry() -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(DESKTOP, encoding="utf-8")
    return entry["Desktop Entry"]


def test_desktop_entry_names_the_command_and_the_icon() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == "proofdesk"
    assert any(ICONS.glob(f"{entry['Icon']}-*.png"))
    assert "Name[zh_TW]" in entry
    assert "Comment[zh_TW]" in entry
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    command, *args = shlex.split(entry["Exec"])
    assert command in scripts["scripts"]
    assert args == ["%f"]
    # install.sh rewrites Exec to the installed binary's full path.
    assert "s|^Exec=.*|Exec=" in INSTALL_SH.read_text(encoding="utf-8")


def test_desktop_entry_validates() -> None:
    if shutil.which("desktop-file-validate") is None:
        if os.environ.get("CI"):  # CI installs it (scripts/system-deps.sh): never skip there
            pytest.fail("desktop-file-validate is missing in CI; system-deps.sh installs it")
        pytest.skip("desktop-file-utils is not installed (bash scripts/system-deps.sh)")
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == ""  # no hints or warnings either


@pytest.mark.parametrize("script", [BUILD_SH, INSTALL_SH], ids=lambda p: p.name)
def test_scripts_parse(script: Path) -> None:
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
