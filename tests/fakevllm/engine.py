"""The fake engine's state: knobs, fault script, slots and queue, records, metrics.

It outlives the HTTP listener, so a server stopped and started again keeps its
knobs, script and records (like a supervisor restarting the same vLLM setup).
"""

from __future__ import annotations

import collections
import copy
import threading
import time
from typing import Any

from tests.fakevllm.knobs import Knobs, check_faults

LATENCY_BUCKETS = (0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0)
FINISH_REASONS = ("stop", "length", "abort")


class Engine:
    def __init__(self, knobs: Knobs) -> None:
        self.initial = knobs
        self.knobs = knobs
        self.cond = threading.Condition()
        self.faults: collections.deque[str] = collections.deque()
        self.records: collections.deque[dict[str, Any]] = collections.deque(maxlen=10_000)
        self.queue: collections.deque[object] = collections.deque()
        self.running = 0
        self.dead = False
        self._reset_counters()

    def _reset_counters(self) -> None:
        self.prompt_total = 0
        self.generation_total = 0
        self.finished = dict.fromkeys(FINISH_REASONS, 0)
        self.latency_sum = 0.0
        self.peak_running = 0  # the most requests ever served at once
        self.gate_open = False  # see Knobs.gate
        self.latency_counts = [0] * (len(LATENCY_BUCKETS) + 1)
        self.created = time.time()

    # --- control ---------------------------------------------------------------

    def configure(self, **changes: Any) -> None:
        with self.cond:
            self.knobs = self.knobs.updated(**changes)
            if "gate" in changes:
                self.gate_open = False  # a new gate starts closed
            self.cond.notify_all()  # more slots may free waiting requests

    def push_faults(self, kinds: Any) -> int:
        kinds = check_faults(kinds)
        with self.cond:
            self.faults.extend(kinds)
            return len(self.faults)

    def next_fault(self) -> str:
        with self.cond:
            return self.faults.popleft() if self.faults else self.knobs.default_fault

    def reset(self) -> None:
        """Knobs back to the constructor's, empty fault script, records and counters."""
        with self.cond:
            self.knobs = self.initial
            self.faults.clear()
            self.records.clear()
            self._reset_counters()
            self.cond.notify_all()

    def record(self, entry: dict[str, Any]) -> dict[str, Any]:
        with self.cond:
            self.records.append(entry)
        return entry

    def update_record(self, entry: dict[str, Any], **fields: Any) -> None:
        with self.cond:
            entry.update(fields)

    def requests(self) -> list[dict[str, Any]]:
        with self.cond:
            return copy.deepcopy(list(self.records))

    # --- slots -------------------------------------------------------------------

    def acquire(self, stop: threading.Event) -> bool:
        """Wait (FIFO) for a free slot; False if the server stops meanwhile."""
        ticket = object()
        with self.cond:
            self.queue.append(ticket)
            while not (self.queue[0] is ticket and self.running < self.knobs.slots):
                if stop.is_set():
                    self.queue.remove(ticket)
                    self.cond.notify_all()
                    return False
                self.cond.wait(0.25)
            self.queue.popleft()
            self.running += 1
            self.peak_running = max(self.peak_running, self.running)
            self.cond.notify_all()  # the next in line may fit too
            return True

    def pass_gate(self, stop: threading.Event) -> bool:
        """After ``acquire``: wait until ``knobs.gate`` requests run at once (the gate
        stays open after); ``gate_guard`` seconds open it anyway. False if stopped."""
        with self.cond:
            if self.running >= self.knobs.gate:
                self.gate_open = True
                self.cond.notify_all()
            guard_end = time.monotonic() + self.knobs.gate_guard
            while not self.gate_open:
                if stop.is_set():
                    return False
                left = guard_end - time.monotonic()
                if left <= 0:
                    self.gate_open = True  # let the rest through: peak_running tells
                    self.cond.notify_all()
                    break
                self.cond.wait(min(left, 0.25))
            return True

    def release(self) -> None:
        with self.cond:
            self.running -= 1
            self.cond.notify_all()

    def wake(self) -> None:
        with self.cond:
            self.cond.notify_all()

    def finished_request(self, prompt: int, completion: int, finish: str, seconds: float) -> None:
        with self.cond:
            self.prompt_total += prompt
            self.generation_total += completion
            self.finished[finish] = self.finished.get(finish, 0) + 1
            self.latency_sum += seconds
            for i, bound in enumerate(LATENCY_BUCKETS):
                if seconds <= bound:
                    self.latency_counts[i] += 1
                    break
            else:
                self.latency_counts[-1] += 1

    # --- /metrics ----------------------------------------------------------------

    def metrics(self) -> str:
        with self.cond:
            knobs = self.knobs
            running, waiting = self.running, len(self.queue)
            usage = min(1.0, running / knobs.slots)
            lines = [
                "# HELP python_gc_objects_collected_total Objects collected during gc",
                "# TYPE python_gc_objects_collected_total counter",
                'python_gc_objects_collected_total{generation="0"} 1.0',
                'python_gc_objects_collected_total{generation="1"} 0.0',
                'python_gc_objects_collected_total{generation="2"} 0.0',
                "# HELP process_open_fds Number of open file descriptors.",
                "# TYPE process_open_fds gauge",
                "process_open_fds 42.0",
            ]
            labels = f'engine="0",model_name="{knobs.model}"'
            for name, help_, value in (
                ("num_requests_running", "Number of requests in model execution batches.", running),
                ("num_requests_waiting", "Number of requests waiting to be processed.", waiting),
                ("kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", usage),
            ):
                lines += [
                    f"# HELP vllm:{name} {help_}",
                    f"# TYPE vllm:{name} gauge",
                    f"vllm:{name}{{{labels}}} {float(value)!r}",
                ]
            for name, help_, value in (
                ("prompt_tokens", "Number of prefill tokens processed.", self.prompt_total),
                (
                    "generation_tokens",
                    "Number of generation tokens processed.",
                    self.generation_total,
                ),
            ):
                lines += [
                    f"# HELP vllm:{name}_total {help_}",
                    f"# TYPE vllm:{name}_total counter",
                    f"vllm:{name}_total{{{labels}}} {float(value)!r}",
                    f"vllm:{name}_created{{{labels}}} {self.created!r}",
                ]
            lines += [
                "# HELP vllm:request_success_total Count of successfully processed requests.",
                "# TYPE vllm:request_success_total counter",
            ]
            for reason, count in self.finished.items():
                lines.append(
                    f'vllm:request_success_total{{engine="0",finished_reason="{reason}",'
                    f'model_name="{knobs.model}"}} {float(count)!r}'
                )
            name = "vllm:e2e_request_latency_seconds"
            lines += [
                f"# HELP {name} Histogram of e2e request latency in seconds.",
                f"# TYPE {name} histogram",
                f"{name}_sum{{{labels}}} {self.latency_sum!r}",
            ]
            cumulative = 0
            for bound, count in zip(
                (*map(repr, LATENCY_BUCKETS), "+Inf"), self.latency_counts, strict=True
            ):
                cumulative += count
                lines.append(
                    f'{name}_bucket{{engine="0",le="{bound}",model_name="{knobs.model}"}} '
                    f"{float(cumulative)!r}"
                )
            lines.append(f"{name}_count{{{labels}}} {float(cumulative)!r}")
            return "\n".join(lines) + "\n"
