"""What a batch reports: its counts and rates (``BatchStats``) and each thing that
happened to a page or a server (``BatchEvent``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BatchStats:
    total: int
    done: int = 0
    failed: int = 0
    in_flight: int = 0
    retrying: int = 0
    elapsed_s: float = 0.0
    completion_tokens: int = 0
    paused: bool = False

    @property
    def finished(self) -> int:
        return self.done + self.failed

    @property
    def pages_per_minute(self) -> float:
        return 60.0 * self.done / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def tokens_per_second(self) -> float:
        return self.completion_tokens / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        rate = self.finished / self.elapsed_s if self.elapsed_s > 0 else 0.0
        return (self.total - self.finished) / rate if rate > 0 else None


@dataclass(frozen=True)
class BatchEvent:
    kind: str  # "done", "failed", "retry", "lane_down", "lane_up", "lane_disabled", "progress"
    stats: BatchStats
    page: int | None = None
    lane: str = ""
    message: str = ""
    warnings: tuple[str, ...] = ()
    # "retry": the attempt that comes next, of how many a page may have.
    attempt: int = 0
    attempts: int = 0
