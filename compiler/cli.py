"""The `sgs` command: check, build, timings, graph, explain, simulate, play, replay, diff, bench, lsp."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .diagnostics import MAX_SHOWN, render, render_json
from .escape import TerminalStream, shown


def _rulebooks_to_check(args, paths):
    """Which rulebooks a check covers: the one --mode/--edition name, else those holding the
    given paths (the default one for paths outside the specs), else all of them."""
    from . import rulebooks

    if args.mode is not None or args.edition is not None:
        return [rulebooks.from_args(args)]
    return rulebooks.of_paths(paths) if paths else list(rulebooks.RULEBOOKS)


def _key(d):
    return (d.span.path, d.span.line, d.span.column, d.code, d.message)


def cmd_check(args) -> int:
    from .project import Project, load_project
    from .rulebooks import RulebookError

    paths = [Path(p) for p in args.paths] or None
    missing = [p for p in paths or [] if not p.exists()]
    if missing:
        print(f"sgs check: no such file or folder: {shown(missing[0])}", file=sys.stderr)
        return 2
    try:
        books = _rulebooks_to_check(args, paths)
    except RulebookError as exc:
        print(f"sgs check: {exc}", file=sys.stderr)
        return 2
    # each rulebook is checked (and its rulings run) on its own; files they share (cards,
    # generals) report a problem once
    proj, rulings, seen = Project(), None, set()
    unused: list[tuple[set, set]] = []   # per rulebook: its files, its SGS402 (unused) keys
    for rb in books:
        one = load_project(paths, with_bundled=not args.alone, rulebook=rb)
        unused.append(({f.path for f in one.files},
                       {_key(d) for d in one.diagnostics if d.code == "SGS402"}))
        if not one.errors and not args.no_rulings and not args.alone:
            # the rulings (例) run in the engine generated from these same specs
            from .project import display_path, spec_files
            from .rulings import run_ruling_decls

            # the rulings of the files asked for, a folder's files among them (sgs check DIR)
            wanted = {display_path(p) for p in spec_files(paths)} if paths else None
            try:
                got = run_ruling_decls(one, paths=wanted)
            except RuntimeError as exc:  # the engine cannot be built or loaded: say why, no traceback
                print(f"sgs check: cannot run the rulings: {exc}", file=sys.stderr)
                return 1
            rulings = (rulings or []) + got
            one.diagnostics.extend(o.diagnostic for o in got if o.diagnostic is not None)
        proj.sources.update(one.sources)
        proj.files += [f for f in one.files if f.path not in {g.path for g in proj.files}]
        for d in one.diagnostics:
            key = _key(d)
            if key not in seen:
                seen.add(key)
                proj.diagnostics.append(d)
    # a term of a file several rulebooks share is unused only if no rulebook holding it uses it
    # (the current edition's 此阶段开始前这个时机存在 is not the older edition's word)
    proj.diagnostics = [d for d in proj.diagnostics if d.code != "SGS402" or all(
        _key(d) in keys for files, keys in unused if d.span.path in files)]
    proj.diagnostics.sort(key=lambda d: (d.span.path, d.span.line, d.span.column, d.code))
    diags = proj.diagnostics if args.warnings else proj.errors
    if args.format == "json":
        print(render_json(diags))
    else:
        from .console import console, diagnostic_text, is_terminal, summary_text

        colour = console() if is_terminal(sys.stdout) else None
        for d in diags[:MAX_SHOWN]:
            text = render(d, proj.sources.get(d.span.path))   # spec text shown escaped
            if colour is not None:
                colour.print(diagnostic_text(text))
                colour.print()
            else:
                print(text)
                print()
        if len(diags) > MAX_SHOWN:
            print(f"… and {len(diags) - MAX_SHOWN:,} more (the first {MAX_SHOWN} are shown; "
                  f"`sgs check --format json` lists them all)")
            print()
        n_err = len(proj.errors)
        n_warn = len(proj.diagnostics) - n_err
        files = len(proj.files)
        if rulings is not None:
            failed = sum(1 for o in rulings if o.diagnostic is not None)
            files = f"{files} file(s), {len(rulings) - failed} of {len(rulings)} ruling(s) passed"
        else:
            files = f"{files} file(s)"
        if n_err:
            line = f"sgs check: {n_err} error(s), {n_warn} warning(s) — {files}"
        else:
            line = f"sgs check: ok — {files}, {n_warn} warning(s)"
        if colour is not None:
            colour.print(summary_text(line, not n_err))
        else:
            print(line)
    return 1 if proj.errors else 0


def cmd_build(args) -> int:
    from . import build

    # every rulebook, or the one --mode/--edition name
    one = args.mode is not None or args.edition is not None
    units = []   # the generated modules (generate_and_write)
    if args.pgo and (one or args.check or args.pure):
        print("sgs build: --pgo trains on every rulebook's compiled games: "
              "not with --mode, --edition, --check or --pure", file=sys.stderr)
        return 1

    def generate_and_write():
        """Write what the specs generate; the generated modules, or None (the errors printed)."""
        outputs, _ = _generate_or_report(args if one else None)
        if outputs is None:
            return None
        changed = build.write(outputs)
        for p in changed:
            build.progress(f"{'wrote' if p.exists() else 'removed'} {p.relative_to(build.REPO)}")
        if not changed:
            build.progress("generated/ is up to date")
        units[:] = build.generated_modules(outputs)
        return units

    if one:   # a --mode/--edition that names no rulebook stops here, before any compiling
        from . import rulebooks
        try:
            rulebooks.from_args(args)
        except rulebooks.RulebookError as exc:
            print(f"sgs: {exc}", file=sys.stderr)
            return 1
    if args.check:
        outputs, _ = _generate_or_report(args if one else None)
        if outputs is None:
            return 1
        stale = build.stale(outputs)
        for p in stale:
            print(f"sgs build --check: {p.relative_to(build.REPO)} is stale; run `sgs build`", file=sys.stderr)
        if not stale:
            print("sgs build --check: generated/ is up to date")
        return 1 if stale else 0
    if args.pure:
        if generate_and_write() is None:
            return 1
        build.progress("--pure: not compiling (SGS_PURE=1 runs the .py sources)")
        return 0
    # the core's compilation starts first: the specs are checked and rendered meanwhile, and
    # the generated modules join the build once written (docs/performance.md step 64)
    build.progress("compiling the core and generated modules (incremental) …")
    from Cython.Compiler.Errors import CompileError as CythonError
    from setuptools.errors import CompileError as CError
    try:
        built = build.compile_generated(force=args.force, quiet=not args.verbose, generate=generate_and_write)
    except (CythonError, CError) as exc:
        # Cython's or the C compiler's own messages are printed above: the module, no traceback
        print(f"sgs build: {exc}", file=sys.stderr)
        return 1
    if built is None:
        return 1
    build.progress("compiled " + (", ".join(built) if built else "nothing (all up to date)"))
    if args.pgo:
        problem = build.train_profile(units)
        if problem:
            print(f"sgs build --pgo: {problem}", file=sys.stderr)
            return 1
    from core.build import profile_note
    note = profile_note()
    if note:
        build.progress(note)
    return 0


def _generate_or_report(args=None):
    """Every rulebook's outputs (``args`` None) or the one --mode/--edition choose, and the
    project(s); (None, …) after printing the errors when the specs do not check."""
    from . import build, rulebooks

    try:
        if args is None:
            outputs, projects = build.generate_all()
            proj = projects[-1]
        else:
            try:
                rb = rulebooks.from_args(args)
            except rulebooks.RulebookError as exc:
                print(f"sgs: {exc}", file=sys.stderr)
                return None, None
            outputs, proj = build.generate(rb)
    except RuntimeError as exc:   # a limit of the generated code (compiler.emit), or a lowering error
        print(f"sgs: cannot generate the engine: {exc}", file=sys.stderr)
        return None, None
    if not outputs:
        if proj is not None:
            for d in proj.errors[:MAX_SHOWN]:
                print(render(d, proj.sources.get(d.span.path)))
                print()
            if len(proj.errors) > MAX_SHOWN:
                print(f"… and {len(proj.errors) - MAX_SHOWN:,} more error(s)")
            print(f"sgs: {len(proj.errors)} error(s) in the specs; nothing generated", file=sys.stderr)
        return None, proj
    return outputs, proj


def cmd_timings(args) -> int:
    from .build import REPO

    outputs, proj = _generate_or_report(args)
    if outputs is None:
        return 1
    doc = REPO / proj.rulebook.timings
    print(next(o.text for o in outputs if o.path == doc), end="")
    return 0


def cmd_graph(args) -> int:
    from . import graph

    outputs, proj = _generate_or_report(args)
    if outputs is None:
        return 1
    return graph.run(args, proj)


def cmd_explain(args) -> int:
    from .reports import explain

    outputs, proj = _generate_or_report(args)
    if outputs is None:
        return 1
    text = explain(args.name, proj)
    if text is None:
        from .diagnostics import did_you_mean

        sym = proj.checker.sym
        names = list(sym.skills) + list(sym.cards) + list(sym.events)
        best = did_you_mean(args.name.strip("〖〗【】"), names)
        print(f"sgs explain: no skill, card, flow or term named {args.name}"
              + (f"; did you mean {best}?" if best else ""), file=sys.stderr)
        return 1
    print(text)
    return 0


def cmd_simulate(args) -> int:
    from . import simulate

    return simulate.run(args)


def cmd_play(args) -> int:
    from . import play

    return play.run(args)


def cmd_replay(args) -> int:
    from . import replay_cmd

    return replay_cmd.run(args)


def cmd_diff(args) -> int:
    from . import diff

    return diff.run(args)


def cmd_lsp(args) -> int:
    try:
        from .lsp.server import main as serve
    except ImportError as exc:  # an install without the language server's library
        print(f"sgs lsp: {exc}; install the project again (pip install -e .)", file=sys.stderr)
        return 2
    return serve()


def cmd_bench(args) -> int:
    from . import bench, files

    if args.logs:   # the folder made before the games are played: a path that cannot be is said now
        if args.what != "fingerprint":
            print("sgs bench: --logs goes with --what fingerprint", file=sys.stderr)
            return 2
        try:
            for kind in ("", "compiled", "pure"):
                files.output_folder(os.path.join(args.logs, kind), "logs folder")
        except files.FileProblem as exc:
            print(f"sgs bench: {exc}", file=sys.stderr)
            return 2
    return bench.run(args)


def main(argv: list[str] | None = None) -> int:
    from .rulebooks import add_arguments as add_rulebook_arguments

    parser = argparse.ArgumentParser(prog="sgs", description="Sanguosha rule-spec compiler")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="parse and validate specs (default: all bundled specs)")
    p.add_argument("paths", nargs="*", help=".sgs files or folders")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--warnings", action="store_true", help="also show warnings")
    p.add_argument("--no-rulings", action="store_true", help="do not run the rulings (例)")
    p.add_argument("--alone", action="store_true",
                   help="check the given files on their own, without the bundled specs' vocabulary")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("build", help="regenerate generated/ from the specs and compile it")
    p.add_argument("--check", action="store_true", help="exit 1 if generated/ is stale; write nothing")
    p.add_argument("--pure", action="store_true", help="regenerate only; do not compile (pure-Python mode)")
    p.add_argument("--force", action="store_true", help="recompile everything")
    p.add_argument("--pgo", action="store_true",
                   help="then train gcc's profile on games (pgo/, committed) and compile with it "
                        "(minutes; docs/decisions/0303)")
    p.add_argument("--verbose", action="store_true")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("timings", help="the complete timing tables (also written to docs/timings.md)")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_timings)
    p = sub.add_parser("graph", help="the flows as charts: Mermaid, and SVG through Graphviz when installed")
    p.add_argument("flow", nargs="?", help="one flow (事件), e.g. 伤害; default: every flow")
    p.add_argument("--out", metavar="DIR", default="build/flows",
                   help="where to write <flow>.mmd and, when Graphviz `dot` is installed, <flow>.svg "
                        "(default: build/flows)")
    p.add_argument("--print", dest="print_format", choices=["mermaid", "dot", "svg"],
                   help="print the chart(s) in this format instead of writing files (svg needs `dot`)")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_graph)
    p = sub.add_parser("explain", help="AST, IR and generated code of one skill, card, flow or term")
    p.add_argument("name")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_explain)
    p = sub.add_parser("simulate", help="play many games with agents; win rates and statistics")
    p.add_argument("--players", type=int, default=None, help="default: the rulebook's (5 for 身份局, 6 for 战棋)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agents", default="random",
                   help="random (a uniformly random player) | uniform (every decision uniformly at random) | first")
    p.add_argument("--deck", default=None,
                   help="a deck (牌堆) of the specs: 标准版 (standard), 标准版加军争 (standard+军争) …; "
                        "default: the rulebook's (标准版加军争; 战棋 for 战棋)")
    p.add_argument("--generals", default="standard",
                   help="the packs dealt from, the folders of specs/generals/ separated by commas "
                        "(standard | standard,风,火 …) | blank (every seat a 白板, no skills)")
    p.add_argument("--jobs", type=int, default=1, help="processes")
    p.add_argument("--check", default="turn",
                   help="turn (the rules' invariants between every two turns and at the end) | end")
    p.add_argument("--log", help="write every game's JSON-lines log to this file (`sgs replay` re-plays them)")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.add_argument("--progress", action="store_true", help="show the progress bar even when not a terminal")
    p.add_argument("--plot", metavar="FILE.svg",
                   help="draw win rates by role and by general and the game-length histogram (SVG)")
    add_rulebook_arguments(p)
    p.set_defaults(func=cmd_simulate)
    from .play import main_args as play_args

    play_args(sub).set_defaults(func=cmd_play)
    from .replay_cmd import main_args as replay_args

    replay_args(sub).set_defaults(func=cmd_replay)
    from .diff import main_args as diff_args

    diff_args(sub).set_defaults(func=cmd_diff)
    p = sub.add_parser("bench", help="measure check, build and game speed on this machine")
    p.add_argument("--what", choices=["all", "quick", "check", "games", "timings", "clone",
                                        "rulebooks", "build", "fingerprint", "instructions",
                                        "cache", "profile"],
                   default="all",
                   help="all: everything the performance doc reports, in one run (minutes: it "
                        "rebuilds the engine); quick: all but the build; or one part; "
                        "fingerprint: the md5 of seeded games' full logs, compiled and pure (an "
                        "optimization must not change it); clone: a mid-game state's clones per "
                        "second; rulebooks: the cost per timing of the same runtime under each "
                        "rulebook (身份局, its old edition, 战棋) and with every pack of generals; "
                        "instructions: valgrind's instruction counts of six fixed games, "
                        "of the bench's own random-player games and of a clone "
                        "(deterministic, for before/after comparisons); "
                        "cache: the six games' instructions, instruction-cache misses and "
                        "mispredicted branches under valgrind's simulation (the code's layout); "
                        "profile: the functions a workload spends its instructions in")
    p.add_argument("--repeat", type=int, default=3)
    from .bench import BENCH_GAMES

    p.add_argument("--games", type=int, default=BENCH_GAMES,
                   help="games per repeat (pure Python plays them once)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--top", type=int, default=40, help="with --what profile: how many functions to list")
    p.add_argument("--workload", choices=["bench", "six"], default="bench",
                   help="with --what profile: the bench's own random-player games (the "
                        "targets' workload) or the six fixed games of --what instructions")
    p.add_argument("--logs", metavar="DIR", help="with --what fingerprint: write each game's hashed "
                   "log to DIR/compiled and DIR/pure, to diff with another revision's")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("lsp", help="the language server, on stdin/stdout (docs/editor.md)")
    p.add_argument("--stdio", action="store_true", help="serve on stdin/stdout (the default and only transport)")
    p.set_defaults(func=cmd_lsp)
    # every command's output shows control characters escaped (compiler.escape.TerminalStream),
    # argparse's messages (which quote the arguments) too; the language server speaks its
    # protocol on the streams themselves
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalStream(out), TerminalStream(err)
    try:
        args = parser.parse_args(argv)
        if args.func is cmd_lsp:
            sys.stdout, sys.stderr = out, err
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:   # `sgs … | head`: the reader left; say nothing more, no traceback
        import os

        try:   # what Python flushes at exit goes nowhere
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 141
    finally:
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":
    sys.exit(main())
