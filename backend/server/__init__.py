"""The vLLM server as a thing on a machine: starting and watching a local one,
recognising known failures in its logs and answers (with remedies), and the
VRAM planner's arithmetic and inputs.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.server.diagnose import diagnose_log as diagnose_log
    from backend.server.diagnose import diagnose_reading as diagnose_reading
    from backend.server.diagnose import diagnose_response as diagnose_response
    from backend.server.local_server import LocalServer as LocalServer
    from backend.server.local_server import LocalServerConfig as LocalServerConfig
    from backend.server.local_server import build_command as build_command
    from backend.server.planner import GIB as GIB
    from backend.server.planner import Plan as Plan
    from backend.server.planner import PlanError as PlanError
    from backend.server.planner import plan as plan

_SURFACE = {
    "GIB": "planner",
    "LocalServer": "local_server",
    "LocalServerConfig": "local_server",
    "Plan": "planner",
    "PlanError": "planner",
    "build_command": "local_server",
    "diagnose_log": "diagnose",
    "diagnose_reading": "diagnose",
    "diagnose_response": "diagnose",
    "plan": "planner",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "GIB",
    "LocalServer",
    "LocalServerConfig",
    "Plan",
    "PlanError",
    "build_command",
    "diagnose_log",
    "diagnose_reading",
    "diagnose_response",
    "plan",
]
