#!/usr/bin/env python3
"""Time libtcod's C field of view in-process, on the maps and origins of torchlit's FOV
bench, and print it next to torchlit's times and the Rust peers'.

First run the algorithm table of the Rust bench, which writes the maps, the origins and
its own medians under target/fov-bench/, then this script (from the repository root):

    cargo bench -p torchlit-fov --bench fov -- algorithms
    pip install tcod numpy && python3 tools/tcod-vectors/bench.py

What is timed: libtcod's TCOD_map_compute_fov(map, x, y, radius, light_walls=true,
algorithm) through python-tcod's cffi binding, on a TCOD_Map built once per workload
(the call tcod.map.Map.compute_fov makes), over the same origins as the Rust table, with
time.perf_counter_ns around a pass of calls; the median pass of at least 3 (more while
under a fifth of a second). A call includes what libtcod does on every call (clearing
the FOV flag of every map cell, allocating its scratch arrays) and cffi's call overhead
(a fraction of a microsecond, measured below with a 1x1 map and printed).

Radius: torchlit's table uses libtcod's integer radius, 0 = unlimited, the same here.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np
import tcod
import tcod.constants as C
from tcod.cffi import ffi, lib

ROOT = Path(__file__).resolve().parents[2]

ALGORITHMS = {"basic": C.FOV_BASIC, "diamond": C.FOV_DIAMOND, "shadow": C.FOV_SHADOW,
              "restrictive": C.FOV_RESTRICTIVE, "symmetric": C.FOV_SYMMETRIC_SHADOWCAST}
ALGORITHMS.update({f"permissive-{n}": C.FOV_PERMISSIVE_0 + n for n in range(9)})


class Workload:
    """A map exported by the Rust bench, as a persistent TCOD_Map."""

    def __init__(self, path: Path) -> None:
        lines = path.read_text().split("\n")
        w, h = map(int, lines[0].split())
        rows = lines[1:1 + h]
        self.name = path.stem
        self.transparent = np.array([[c == "." for c in row] for row in rows], dtype=bool)
        self.origins = [tuple(map(int, p.split(","))) for p in lines[1 + h].split()]
        self.buffer = np.zeros((h, w), dtype=[("transparent", bool), ("walkable", bool),
                                              ("fov", bool)])
        self.buffer["transparent"] = self.transparent
        self.cells = ffi.from_buffer("struct TCOD_MapCell*", self.buffer)
        self.map = ffi.new("struct TCOD_Map*", (w, h, w * h, self.cells))


def time_pass(map_ptr, origins, radius: int, algo: int) -> float:
    """ns per call over one pass of `origins`."""
    compute = lib.TCOD_map_compute_fov
    start = time.perf_counter_ns()
    for x, y in origins:
        compute(map_ptr, x, y, radius, True, algo)
    return (time.perf_counter_ns() - start) / len(origins)


def median_ns(map_ptr, origins, radius: int, algo: int) -> float:
    passes = []
    start = time.perf_counter_ns()
    while len(passes) < 3 or (len(passes) < 15 and time.perf_counter_ns() - start < 2e8):
        passes.append(time_pass(map_ptr, origins, radius, algo))
        if sum(passes) * len(origins) > 1e9:
            break
    return statistics.median(passes)


def call_overhead_ns() -> float:
    one = np.ones((1, 1), dtype=[("transparent", bool), ("walkable", bool), ("fov", bool)])
    cells = ffi.from_buffer("struct TCOD_MapCell*", one)
    map_ptr = ffi.new("struct TCOD_Map*", (1, 1, 1, cells))
    return min(median_ns(map_ptr, [(0, 0)] * 1000, 0, C.FOV_BASIC) for _ in range(3))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "target" / "fov-bench",
                        help="where the Rust bench wrote its maps and torchlit.tsv")
    parser.add_argument("--filter", default="", help="substring of algorithm/radius/workload")
    args = parser.parse_args()
    workloads = {p.stem: Workload(p) for p in sorted(args.dir.glob("*.txt"))}
    rows = [line.split("\t") for line in (args.dir / "torchlit.tsv").read_text().splitlines()[1:]]
    print(f"python-tcod {tcod.__version__}, libtcod {lib.TCOD_MAJOR_VERSION}."
          f"{lib.TCOD_MINOR_VERSION}.{lib.TCOD_PATCHLEVEL}; cffi call overhead "
          f"{call_overhead_ns():.0f} ns (1x1 map)")
    print("median ns per call, walls lit; ratio = other / torchlit (above 1: torchlit faster)")
    print(f"{'algorithm':<14} {'workload':<10} {'radius':>9} {'torchlit':>10} "
          f"{'libtcod C':>10} {'ratio':>7}  Rust peers")
    for algorithm, workload, radius, ours, peers in rows:
        if algorithm not in ALGORITHMS:
            continue  # torch and raycast are not libtcod's
        r = int(radius)
        rname = f"r{r}" if r else "unlimited"
        if args.filter not in f"{algorithm}/{rname}/{workload}":
            continue
        wl = workloads[workload]
        theirs = median_ns(wl.map, wl.origins, r, ALGORITHMS[algorithm])
        ours_ns = float(ours)
        cells = []
        for peer in filter(None, peers.split(",")):
            name, ns = peer.split("=")
            cells.append(f"{name} {float(ns):.0f} ({float(ns) / ours_ns:.1f}x)")
        print(f"{algorithm:<14} {workload:<10} {rname:>9} {ours_ns:>10.0f} {theirs:>10.0f} "
              f"{theirs / ours_ns:>6.1f}x  {'  '.join(cells)}", flush=True)


if __name__ == "__main__":
    main()
