"""A local model folder, checked before any worker starts: family, files, dtype, hash.

Reading ``config.json`` is cheap and needs no torch, so a folder that cannot
work (no config, a model that is not Qwen-VL, no tokenizer) is refused at once,
with a message that names what is missing, instead of after a worker spent a
minute importing torch.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from backend.errors import LocalModelError
from backend.i18n import _

# model_type → the family's display name. Qwen3-VL's MoE variant loads with the same
# processor and generate() call; the planner knows all four.
FAMILIES: dict[str, str] = {
    "qwen2_vl": "Qwen2-VL",
    "qwen2_5_vl": "Qwen2.5-VL",
    "qwen3_vl": "Qwen3-VL",
    "qwen3_vl_moe": "Qwen3-VL",
}
_ARCH_PREFIXES = {
    "Qwen2VL": "qwen2_vl",
    "Qwen2_5_VL": "qwen2_5_vl",
    "Qwen3VLMoe": "qwen3_vl_moe",
    "Qwen3VL": "qwen3_vl",
}
PROCESSOR_FILES = ("preprocessor_config.json", "processor_config.json")
TOKENIZER_FILES = ("tokenizer.json", "vocab.json", "tokenizer.model")
WEIGHT_PATTERNS = ("*.safetensors", "pytorch_model*.bin")
DTYPES = ("bfloat16", "float16", "float32")
MAX_CONFIG_BYTES = 4_000_000  # a config is a few KB; more is not a config


@dataclass(frozen=True)
class ModelFolder:
    path: Path
    model_type: str  # one of FAMILIES
    config: dict[str, Any]
    config_sha256: str
    config_dtype: str  # "" when the config does not say
    max_model_len: int  # the text model's max_position_embeddings (0: unknown)
    max_pixels: int  # the processor's own image budget (0: unknown)

    @property
    def family(self) -> str:
        return FAMILIES[self.model_type]

    @property
    def model_id(self) -> str:
        """The id a reading names: the family's type first, so the image budget's
        token size (28 or 32 px) is known from it (``vision.spec_for_model_id``)."""
        return f"{self.model_type}/{self.path.name}"


def inspect_folder(path: str | Path) -> ModelFolder:
    """The model in ``path``, or a ``LocalModelError`` saying why it cannot be loaded."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise LocalModelError(
            _("The model folder {path} does not exist.").format(path=folder), kind="folder"
        )
    config, raw = _read_config(folder)
    model_type = _family(config)
    if model_type is None:
        found = config.get("model_type")
        raise LocalModelError(
            _(
                "{path} holds a “{found}” model; the in-process engine reads Qwen2-VL, "
                "Qwen2.5-VL and Qwen3-VL models."
            ).format(path=folder, found=str(found)[:60] if found else "?"),
            kind="unsupported",
        )
    _check_files(folder)
    return ModelFolder(
        path=folder.resolve(),
        model_type=model_type,
        config=config,
        config_sha256=hashlib.sha256(raw).hexdigest(),
        config_dtype=_config_dtype(config),
        max_model_len=_max_model_len(config),
        max_pixels=_processor_max_pixels(folder),
    )


def _read_config(folder: Path) -> tuple[dict[str, Any], bytes]:
    path = folder / "config.json"
    no_config = _(
        "{path} has no config.json: choose the folder that holds the model's config.json, "
        "weights, tokenizer and preprocessor files."
    ).format(path=folder)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise LocalModelError(no_config, kind="folder") from None
    except OSError as exc:
        raise LocalModelError(
            _("The model's config.json cannot be read ({reason}).").format(
                reason=exc.strerror or exc
            ),
            kind="folder",
        ) from None
    try:
        config = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_CONFIG_BYTES else None
    except (ValueError, RecursionError):
        config = None
    if not isinstance(config, dict):
        raise LocalModelError(
            _("{path} is not a model config (it is not a JSON object).").format(path=path),
            kind="unsupported",
        )
    return config, raw


def _family(config: dict[str, Any]) -> str | None:
    model_type = config.get("model_type")
    if isinstance(model_type, str) and model_type in FAMILIES:
        return model_type
    archs = config.get("architectures")
    for arch in archs if isinstance(archs, list) else []:
        for prefix, family in _ARCH_PREFIXES.items():
            if isinstance(arch, str) and arch.startswith(prefix):
                return family
    return None


def _check_files(folder: Path) -> None:
    missing = []
    if not any((folder / name).is_file() for name in PROCESSOR_FILES):
        missing.append("preprocessor_config.json")
    if not any((folder / name).is_file() for name in TOKENIZER_FILES):
        missing.append("tokenizer.json")
    if not any(next(folder.glob(pattern), None) for pattern in WEIGHT_PATTERNS):
        missing.append("*.safetensors")
    if missing:
        raise LocalModelError(
            _(
                "The model folder {path} is incomplete: {files} missing. Copy the whole "
                "model folder (config, weights, tokenizer and processor files); ProofDesk "
                "downloads nothing."
            ).format(path=folder, files=", ".join(missing)),
            kind="files",
        )


def _config_dtype(config: dict[str, Any]) -> str:
    for section in (config, config.get("text_config")):
        if isinstance(section, dict):
            value = section.get("dtype") or section.get("torch_dtype")
            if isinstance(value, str) and value in DTYPES:
                return value
    return ""


def _max_model_len(config: dict[str, Any]) -> int:
    for section in (config.get("text_config"), config):
        if isinstance(section, dict):
            value = section.get("max_position_embeddings")
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
    return 0


def _processor_max_pixels(folder: Path) -> int:
    try:
        data = json.loads((folder / "preprocessor_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return 0
    if not isinstance(data, dict):
        return 0
    size = data.get("size")
    value = size.get("longest_edge") if isinstance(size, dict) else data.get("max_pixels")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
