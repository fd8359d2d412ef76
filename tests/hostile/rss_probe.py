"""One client call in a fresh process, and that process's peak memory (for the size tests).

    python -m tests.hostile.rss_probe URL read|read-stream|models [MAX_TOKENS]

Prints one JSON line: ``{"outcome": ..., "message": ..., "maxrss_mb": ...}``. A fresh
process so ``ru_maxrss`` (the peak, which never goes down) measures this call alone;
the caller compares it with the same probe reading a normal page.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import ProofDeskError
from backend.models import PageImage
from backend.settings.profiles import ServerProfile

IMAGE = PageImage(0, b"\xff\xd8\xff\xe0 not really a jpeg", "image/jpeg", 100, 140)


async def call(url: str, what: str, max_tokens: int) -> tuple[str, str]:
    profile = ServerProfile(
        name="probe", base_url=url + "/v1", model="hostile-vl", total_timeout_s=60.0
    )
    request = OcrRequest(IMAGE, "Transcribe.", SamplingParams(max_tokens=max_tokens))
    async with VllmClient(profile, "sk-probe-key-0123456789") as client:
        try:
            if what == "models":
                models = await client.models()
                return "ok", ", ".join(m.id for m in models)
            reading = await client.read(request, stream=what == "read-stream")
            return "ok", f"{len(reading.text)} characters"
        except ProofDeskError as exc:
            return type(exc).__name__, str(exc)


def main(argv: list[str]) -> int:
    url, what = argv[0], argv[1]
    max_tokens = int(argv[2]) if len(argv) > 2 else 4096
    outcome, message = asyncio.run(call(url, what, max_tokens))
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(json.dumps({"outcome": outcome, "message": message, "maxrss_mb": peak_kb / 1024}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
