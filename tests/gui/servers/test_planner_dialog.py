"""The VRAM planner dialog: live results from real model configs, clear errors, and a
command line that prints the same plan."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from backend.cli import commands as cli
from gui.servers.planner_dialog import PlannerDialog
from tests.conftest import DATA
from tests.gui.conftest import type_text

CONFIGS = DATA / "model-configs"
QWEN3_32B = CONFIGS / "Qwen3-VL-32B-Instruct.config.json"


@pytest.fixture
def planner(qtbot: Any) -> PlannerDialog:
    dialog = PlannerDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _out(dialog: PlannerDialog, key: str) -> str:
    return dialog.out[key].text()


def test_qwen3_vl_32b_shows_its_kv_bytes_and_reacts_to_every_input(planner: PlannerDialog) -> None:
    assert planner.error.text() == "Choose a model's config.json or its folder."
    assert not planner.copy_json.isEnabled() and _out(planner, "pages") == "—"
    planner.load_config(QWEN3_32B)
    assert planner.error.isHidden()
    assert _out(planner, "kv_per_token") == "262,144 bytes (auto, 64 of 64 layers)"
    assert _out(planner, "model").startswith("qwen3_vl, 33.4B parameters")
    assert "GiB bf16 (estimated from the config)" in _out(planner, "weights")
    assert _out(planner, "vision_tokens").startswith("2,145 (1240×1754 px)")
    assert _out(planner, "tokens_per_page") == "6,541"  # 2,145 + 300 prompt + 4,096 max
    assert int(_out(planner, "pages")) == planner.plan.max_concurrent_pages > 0  # type: ignore[union-attr]
    at_80 = int(_out(planner, "pages"))

    planner.inputs.kv_dtype.setCurrentText("fp8")  # no button: the plan follows
    assert _out(planner, "kv_per_token").startswith("131,072 bytes (fp8")
    assert int(_out(planner, "pages")) >= 2 * at_80 - 1

    planner.inputs.gpu_gb.setValue(24)
    assert _out(planner, "pages") == "0"
    assert "weights do not fit" in _out(planner, "notes")

    planner.inputs.weights_dtype.setCurrentText("int4")
    assert "int4 quantizes the decoder layers" in _out(planner, "notes")


def test_page_size_presets_and_custom_size(planner: PlannerDialog) -> None:
    planner.load_config(QWEN3_32B)
    planner.inputs.page_size.setCurrentIndex(planner.inputs.page_size.findData(300))
    assert (planner.inputs.page_width.value(), planner.inputs.page_height.value()) == (2480, 3508)
    assert not planner.inputs.page_width.isEnabled()
    at_300 = _out(planner, "vision_tokens")
    planner.inputs.page_size.setCurrentIndex(planner.inputs.page_size.findData(0))  # custom
    assert planner.inputs.page_width.isEnabled() and planner.inputs.page_height.isEnabled()
    planner.inputs.page_width.setValue(800)
    planner.inputs.page_height.setValue(1000)
    assert _out(planner, "vision_tokens") != at_300 and "(800×1000 px)" in _out(
        planner, "vision_tokens"
    )
    assert "--page-size 800x1000" in planner.command.text()


def test_a_model_folder_uses_its_safetensors_index(planner: PlannerDialog, tmp_path: Path) -> None:
    folder = tmp_path / "Qwen2.5-VL-7B-Instruct"
    folder.mkdir()
    shutil.copy(CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json", folder / "config.json")
    shutil.copy(
        CONFIGS / "Qwen2.5-VL-7B-Instruct.safetensors.index.json",
        folder / "model.safetensors.index.json",
    )
    planner.load_config(folder)
    assert "(from the safetensors index)" in _out(planner, "weights")
    assert planner.inputs.index_label.text().endswith("model.safetensors.index.json")
    assert "--index" not in planner.command.text()  # the command finds it in the folder too

    planner.load_config(folder / "config.json")  # the file itself: its index is next to it
    assert "(from the safetensors index)" in _out(planner, "weights")
    assert "--index" in planner.command.text()

    planner.set_index(None)
    assert "(estimated from the config)" in _out(planner, "weights")


def test_hybrid_and_moe_configs_explain_themselves(planner: PlannerDialog) -> None:
    planner.load_config(CONFIGS / "Qwen3.5-hybrid-style.config.json")
    assert "hybrid model" in _out(planner, "notes")
    planner.load_config(CONFIGS / "Qwen3-VL-30B-A3B-Instruct.config.json")
    assert "MoE" in _out(planner, "notes")
    planner.inputs.max_num_seqs.setValue(2)
    assert _out(planner, "pages") == "2" and "capped by max_num_seqs 2" in _out(planner, "notes")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON (line 1"),
        ('{"model_type": "x"}', "this does not look like a model config: it has no"),
        ("[1, 2]", "is not a model config: expected a JSON object"),
    ],
)
def test_a_bad_config_is_explained_in_the_dialog(
    planner: PlannerDialog, tmp_path: Path, content: str, message: str
) -> None:
    planner.load_config(QWEN3_32B)
    bad = tmp_path / "config.json"
    bad.write_text(content, encoding="utf-8")
    planner.load_config(bad)
    assert message in planner.error.text() and planner.error.isVisible()
    assert _out(planner, "pages") == "—" and not planner.copy_json.isEnabled()


def test_a_typed_path_is_loaded_and_a_missing_one_is_named(
    planner: PlannerDialog, tmp_path: Path
) -> None:
    planner.inputs.path.setFocus()
    type_text(planner.inputs.path, str(tmp_path / "nowhere"))
    QTest.keyClick(planner.inputs.path, Qt.Key.Key_Return)
    assert planner.error.text() == f"no such file: {tmp_path / 'nowhere'}"
    planner.inputs.path.clear()
    type_text(planner.inputs.path, str(QWEN3_32B))
    QTest.keyClick(planner.inputs.path, Qt.Key.Key_Return)
    assert _out(planner, "kv_per_token").startswith("262,144 bytes")


def test_copy_as_json_and_the_command_give_the_same_plan(
    planner: PlannerDialog, capsys: pytest.CaptureFixture[str]
) -> None:
    planner.load_config(QWEN3_32B)
    planner.inputs.gpu_gb.setValue(141)
    planner.inputs.kv_dtype.setCurrentText("fp8")
    planner.inputs.page_size.setCurrentIndex(planner.inputs.page_size.findData(200))
    planner.inputs.max_tokens.setValue(2048)
    planner.copy_json.click()
    copied = json.loads(QGuiApplication.clipboard().text())
    assert copied["kv_bytes_per_token"] == 131_072
    assert copied["max_concurrent_pages"] == int(_out(planner, "pages"))

    command = shlex.split(planner.command.text())
    assert command[:2] == ["proofdesk", "plan"]
    assert "--gpu-gb" in command and "141" in command and "--dpi" in command
    capsys.readouterr()
    assert cli.main([*command[1:], "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == copied


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_in_an_input_computes_and_keeps_the_dialog_open(
    planner: PlannerDialog, key: Qt.Key
) -> None:
    # Issue 28: Close was the dialog's default button, so Enter in the model field
    # closed the planner instead of planning.
    planner.inputs.path.setFocus()
    type_text(planner.inputs.path, str(QWEN3_32B))
    QTest.keyClick(planner.inputs.path, key)
    assert planner.isVisible(), "Enter in the model field closed the planner"
    assert _out(planner, "kv_per_token").startswith("262,144 bytes")
    planner.inputs.gpu_gb.setFocus()
    planner.inputs.gpu_gb.selectAll()
    type_text(planner.inputs.gpu_gb, "24")
    QTest.keyClick(planner.inputs.gpu_gb, key)
    assert planner.isVisible(), "Enter in a setting closed the planner"
    assert _out(planner, "pages") == "0"
