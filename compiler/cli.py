"""The `sgs` command: check, build, timings, explain, simulate, play, bench."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .diagnostics import render, render_json


def cmd_check(args) -> int:
    from .project import load_project

    paths = [Path(p) for p in args.paths] or None
    missing = [p for p in paths or [] if not p.exists()]
    if missing:
        print(f"sgs check: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    proj = load_project(paths, with_bundled=not args.alone)
    diags = proj.diagnostics if args.warnings else proj.errors
    if args.format == "json":
        print(render_json(diags))
    else:
        for d in diags:
            print(render(d, proj.sources.get(d.span.path)))
            print()
        n_err = len(proj.errors)
        n_warn = len(proj.diagnostics) - n_err
        files = len(proj.files)
        if n_err:
            print(f"sgs check: {n_err} error(s), {n_warn} warning(s) in {files} file(s)")
        else:
            print(f"sgs check: ok — {files} file(s), {n_warn} warning(s)")
    return 1 if proj.errors else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="sgs", description="Sanguosha rule-spec compiler")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="parse and validate specs (default: all bundled specs)")
    p.add_argument("paths", nargs="*", help=".sgs files or folders")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--warnings", action="store_true", help="also show warnings")
    p.add_argument("--alone", action="store_true",
                   help="check the given files on their own, without the bundled specs' vocabulary")
    p.set_defaults(func=cmd_check)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
