"""What a hostile-server behaviour is given (the request) and what ends it (``Closed``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]  # lower-cased names
    body: bytes

    @property
    def key_header(self) -> str:
        return self.headers.get("authorization", "")

    @property
    def key(self) -> str:
        return self.key_header.removeprefix("Bearer ")

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def header_dump(self) -> str:
        """All request headers as a proxy's debug page shows them."""
        return "\n".join(f"{name}: {value}" for name, value in self.headers.items())


class Closed(Exception):
    """The client hung up, or the server is stopping."""
