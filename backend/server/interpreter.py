"""Which Python runs a local vLLM by default.

In a source install that is this interpreter (``sys.executable``). In the built
app (packaging/build.sh: Nuitka; or PyInstaller) ``sys.executable`` is the app's
own binary, which cannot run ``-m vllm...``: the default is then the
``python3`` on PATH, and the reviewer picks the one that has vLLM installed.
"""

from __future__ import annotations

import shutil
import sys


def is_built_app() -> bool:
    """True in a packaged binary: Nuitka marks its compiled ``__main__`` with
    ``__compiled__``; PyInstaller and cx_Freeze set ``sys.frozen``."""
    main = sys.modules.get("__main__")
    return bool(getattr(sys, "frozen", False)) or hasattr(main, "__compiled__")


def default_python() -> str:
    """The interpreter to start vLLM with when the reviewer has not chosen one."""
    if not is_built_app():
        return sys.executable
    return shutil.which("python3") or shutil.which("python") or "python3"
