"""A hostile HTTP server for the client's tests: ``from tests.hostile import HostileServer``."""

from tests.hostile.request import Request
from tests.hostile.server import HostileServer

__all__ = ["HostileServer", "Request"]
