"""A hostile HTTP server for the client's tests: ``from tests.hostile import HostileServer``."""

from tests.hostile.server import HostileServer, Request

__all__ = ["HostileServer", "Request"]
