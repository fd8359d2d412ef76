"""The in-process engine without torch: model folders, a missing extra, crashing workers.

Real worker processes throughout; the interpreters that run them are real too
(the app's own, which has no torch, behind a wrapper script so the engine
cannot tell it from a configured one). The tests that load the tiny model are
in test_transformers_engine_real.py.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from backend.engines.transformers import LocalOptions, TransformersEngine, inspect_folder
from backend.engines.transformers.memory import out_of_memory_message
from backend.errors import LocalModelError, ModelNotFoundError
from backend.server.planner import GIB
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.engines.transformers_helpers import CONFIGS, model_folder, wrapper


def read_page_with(engine: TransformersEngine) -> None:
    async def go() -> None:
        try:
            await engine.start()
        finally:
            await engine.aclose()

    asyncio.run(go())


@pytest.mark.parametrize(
    ("name", "model_type", "family"),
    [
        ("Qwen2.5-VL-7B-Instruct", "qwen2_5_vl", "Qwen2.5-VL"),
        ("Qwen3-VL-32B-Instruct", "qwen3_vl", "Qwen3-VL"),
        ("Qwen3-VL-30B-A3B-Instruct", "qwen3_vl_moe", "Qwen3-VL"),
    ],
)
def test_the_family_comes_from_config_json(
    tmp_path: Path, name: str, model_type: str, family: str
) -> None:
    folder = inspect_folder(model_folder(tmp_path, CONFIGS / f"{name}.config.json"))
    assert (folder.model_type, folder.family) == (model_type, family)
    assert folder.model_id == f"{model_type}/model"
    assert len(folder.config_sha256) == 64
    assert folder.max_model_len > 0


def test_a_qwen2_vl_config_named_only_by_architecture(tmp_path: Path) -> None:
    config = {"architectures": ["Qwen2VLForConditionalGeneration"], "torch_dtype": "float16"}
    folder = inspect_folder(model_folder(tmp_path, config))
    assert folder.model_type == "qwen2_vl"
    assert folder.config_dtype == "float16"


def test_a_folder_with_no_supported_config_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LocalModelError) as unsupported:
        inspect_folder(model_folder(tmp_path, {"model_type": "llama"}))
    assert unsupported.value.kind == "unsupported"
    assert "“llama”" in str(unsupported.value)
    assert "Qwen2-VL, Qwen2.5-VL and Qwen3-VL" in str(unsupported.value)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(LocalModelError, match=r"has no config\.json") as no_config:
        inspect_folder(empty)
    assert no_config.value.kind == "folder"
    (empty / "config.json").write_text("[1, 2")
    with pytest.raises(LocalModelError, match="is not a model config"):
        inspect_folder(empty)
    with pytest.raises(LocalModelError, match="does not exist"):
        inspect_folder(tmp_path / "nowhere")


@pytest.mark.parametrize(
    ("skip", "named"),
    [("tokenizer.json", "tokenizer.json"), ("preprocessor_config.json", "preprocessor_config")],
)
def test_missing_processor_or_tokenizer_files_are_named(
    tmp_path: Path, skip: str, named: str
) -> None:
    config = CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json"
    with pytest.raises(LocalModelError) as exc:
        TransformersEngine(LocalOptions(str(model_folder(tmp_path, config, skip=skip))))
    assert exc.value.kind == "files"
    assert named in str(exc.value) and "downloads nothing" in str(exc.value)
    # A batch treats it as a model the server lacks: the lane stops, the pages wait.
    assert isinstance(exc.value, ModelNotFoundError)


def test_without_the_extra_the_message_says_how_to_add_it(tmp_path: Path) -> None:
    """The app's interpreter (no torch here) is checked before any worker starts; any
    other interpreter is asked by the worker itself, which reports the failed import."""
    config = CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json"
    folder = str(model_folder(tmp_path, config))
    own = TransformersEngine(LocalOptions(folder, python=sys.executable))
    other = TransformersEngine(
        LocalOptions(folder, python=wrapper(tmp_path, f'exec "{sys.executable}" "$@"'))
    )
    for engine in (own, other):
        if _has_torch():
            pytest.skip("this interpreter has torch: the real-model tests cover it")
        with pytest.raises(LocalModelError) as exc:
            read_page_with(engine)
        assert exc.value.kind == "extra"
        assert "pip install proofdesk[transformers]" in str(exc.value)
        assert "PROOFDESK_TRANSFORMERS_PYTHON" in str(exc.value)
    assert own.worker_pid is None and other.worker_pid is None


def _has_torch() -> bool:
    import importlib.util

    return importlib.util.find_spec("torch") is not None


def test_a_worker_that_dies_while_loading_is_an_error_not_a_crash(tmp_path: Path) -> None:
    folder = str(model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json"))
    dies = TransformersEngine(LocalOptions(folder, python=wrapper(tmp_path, "exit 3")))
    with pytest.raises(LocalModelError, match=r"stopped while loading the model \(exit code 3\)"):
        read_page_with(dies)
    killed_path = tmp_path / "k"
    killed_path.mkdir()
    killed = TransformersEngine(LocalOptions(folder, python=wrapper(killed_path, "kill -9 $$")))
    with pytest.raises(LocalModelError, match="does not fit") as exc:
        read_page_with(killed)
    assert exc.value.kind == "memory"  # what the kernel's OOM killer looks like


def test_out_of_memory_is_explained_with_the_planners_estimate(tmp_path: Path) -> None:
    path = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    index = CONFIGS / "Qwen2.5-VL-7B-Instruct.safetensors.index.json"
    shutil.copy(index, path / "model.safetensors.index.json")  # the checkpoint's real size
    folder = inspect_folder(path)
    small = out_of_memory_message(
        folder, device="cuda", memory_bytes=8 * GIB, dtype="bfloat16", loading=True
    )
    assert small.startswith("The model does not fit in the GPU")
    assert "The planner's estimate:" in small and "against 8.0 GiB" in small
    assert "The weights alone do not fit" in small
    big = out_of_memory_message(
        folder,
        device="cuda",
        memory_bytes=24 * GIB,
        dtype="bfloat16",
        loading=False,
        max_tokens=4096,
        page_px=(1240, 1754),
    )
    assert big.startswith("This page does not fit in the GPU")
    assert "tokens a page would fit" in big


def test_cli_engine_options_are_checked_before_anything_runs(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "s.sqlite3"
    no_path = run_cli("ocr", sample_pdf, "--engine", "transformers", "--store", store)
    assert no_path.returncode == 2 and "needs --model-path" in no_path.stderr
    nothing = run_cli("ocr", sample_pdf, "--store", store)
    assert nothing.returncode == 2 and "--server URL" in nothing.stderr
    broken = tmp_path / "broken"
    broken.mkdir()
    result = run_cli(
        "ocr", sample_pdf, "--engine", "transformers", "--model-path", broken, "--store", store
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"proofdesk: {broken} has no config.json: choose the folder that holds the model's "
        "config.json, weights, tokenizer and preprocessor files."
    ]
    assert "Traceback" not in result.stderr
