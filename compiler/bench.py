"""`sgs bench`: what the compiler and the engine cost on this machine (docs/performance.md).

Every figure is a median over repeats, printed as a table or as JSON (--json). Nothing here
asserts a time: tests never time things; this command measures them.
"""
from __future__ import annotations

import json
import statistics
import sys
import time


def measure(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def bench_check(repeat: int) -> dict:
    """Parse + check of all bundled specs, in process (the parser is built once and cached)."""
    from .frontend import parse_file
    from .checker import Checker
    from .project import SPECS, display_path, spec_files

    files = spec_files([SPECS])

    def parse_only():
        return [parse_file(p, display_path(p))[1] for p in files]

    def parse_and_check():
        Checker(parse_only()).run()

    parse_and_check()  # warm: builds the parser once
    parse = measure(parse_only, repeat)
    both = measure(parse_and_check, repeat)
    return {"files": len(files), "parse_s": statistics.median(parse),
            "parse_check_s": statistics.median(both), "repeat": repeat}


def run(args) -> int:
    results = {}
    if args.what in ("all", "check"):
        results["check"] = bench_check(args.repeat)
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=1))
        return 0
    rows = []
    if "check" in results:
        c = results["check"]
        rows.append(("parse all specs", f"{c['parse_s'] * 1000:.0f} ms", f"{c['files']} files"))
        rows.append(("parse + check all specs", f"{c['parse_check_s'] * 1000:.0f} ms", "target < 1000 ms"))
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>10}  {note}")
    return 0
