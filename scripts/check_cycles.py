"""Fail on any import cycle among the project's own modules.

import-linter's contracts say which parts may import which; they do not catch
two modules of one part importing each other. grimp (the graph import-linter is
built on) gives every module's imports, TYPE_CHECKING ones included: a cycle
kept alive only for type hints still ties the two modules together.

    .venv/bin/python scripts/check_cycles.py [PACKAGE ...]   (default: backend gui bench)

Prints each cycle as a strongly connected group of modules; exit 1 if any.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

import grimp

DEFAULT_PACKAGES = ("backend", "gui", "bench")


def import_cycles(packages: Iterable[str]) -> list[list[str]]:
    """Groups of modules that reach each other through imports (Tarjan's SCC)."""
    graph = grimp.build_graph(*packages, include_external_packages=False)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(edges[root]))]  # iterative: no recursion limit on deep chains
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, []))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges.get(node, []):
                    groups.append(sorted(group))
    return sorted(groups)


def main(argv: list[str]) -> int:
    packages = argv or list(DEFAULT_PACKAGES)
    cycles = import_cycles(packages)
    for group in cycles:
        print(f"import cycle ({len(group)} modules): {', '.join(group)}")
    print(f"{len(cycles)} import cycle(s) among {', '.join(packages)}")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.path.insert(0, ".")  # bench is not installed: found from the project root
    sys.exit(main(sys.argv[1:]))
