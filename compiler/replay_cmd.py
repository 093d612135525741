"""`sgs replay LOG`: re-play the games of a log file and check them line by line.

A log file (compiler.logfile) says how many games it holds and numbers them; a game starts at
its header (`{"e":"begin",...}`), which records everything `prims.new_game` needs to build the
same game again (core.replay.game_from_header, after check_header); the replay feeds the
logged answers to the engine generated from the current specs and compares every line
(core.replay.replay). The file is read one game at a time, within the limits of
compiler.logfile: any file replays in bounded memory.

Exit status: 0 every game replays identically and is complete; 1 a game differs (the log was
edited, or made by another version of the rules or the engine), the engine fails, the file's
count or numbering does not hold (games deleted, duplicated, moved), or a game stops at a
question (incomplete; `--allow-partial` accepts that); 2 the file cannot be replayed at all
(missing, not a regular file, not a game log, a header the game cannot be built from).
"""
from __future__ import annotations

import json
import sys

from . import files
from .logfile import Edited, NotALog, Reader


def why_different(header_line: str, spec_hash: str) -> str:
    """What a differing line may mean, from the header's record of the specs the log was made
    with (setup.rules) and the specs of the engine replaying it."""
    try:
        rules = json.loads(header_line).get("setup", {}).get("rules")
    except (ValueError, AttributeError, RecursionError):
        rules = None
    if rules and rules != spec_hash:
        return (f"(the log was made by the specs {rules}; this engine is generated from the specs "
                f"{spec_hash}: a change of the rules since, or an edited log)")
    return "(the log was edited, or made by another version of the engine)"


def rulebook_of(header_line: str, default):
    """The rulebook that played a game: the one its header names (setup.rulebook), else the
    one --mode/--edition chose (logs written before the header named it)."""
    from . import rulebooks

    try:
        key = json.loads(header_line).get("setup", {}).get("rulebook")
    except (ValueError, AttributeError, RecursionError):
        key = None
    return rulebooks.by_key(key) if isinstance(key, str) and key else default


def describe_end(g) -> str:
    if g.result is None:
        return f"the log stops at a question to seat {g.pending.who}"
    winners = "、".join(f"{p}号" for p in sorted(g.result.winners or ())) or "nobody"
    return f"winners {winners} ({g.result.reason})"


def run(args, out=print) -> int:
    def err(msg):
        print(f"sgs replay: {msg}", file=sys.stderr)

    if args.game is not None and args.game < 1:
        err(f"--game {args.game}: games are numbered from 1")
        return 2
    try:
        fh = files.open_regular(args.log)
    except files.FileProblem as exc:
        err(f"cannot read {args.log}: {exc}")
        return 2
    from . import rulebooks

    try:
        default_rb = rulebooks.from_args(args)
    except rulebooks.RulebookError as exc:
        fh.close()
        err(str(exc))
        return 2
    try:
        from core.engine import EngineError
        from core.replay import EngineFailed, HeaderError, ReplayMismatch, game_from_header, replay
        from core import prims as P
        default_rb.module()
    except ImportError as exc:
        fh.close()
        err(f"the engine is not generated yet ({exc}); run `sgs build`")
        return 2
    status = 0
    reader = Reader(fh)
    try:
        for lg in reader.games():
            if reader.declared is not None and args.game is not None and args.game > reader.declared:
                err(f"--game {args.game}: {args.log} has {reader.declared} game(s), numbered from 1")
                return 2
            if args.game is not None and lg.k != args.game:
                continue
            name = f"game {lg.k} (line {lg.first_line})"
            try:
                rb = rulebook_of(lg.lines[0], default_rb)
                M = rb.module()
            except (rulebooks.RulebookError, ImportError) as exc:
                err(f"{args.log}:{lg.first_line}: game {lg.k}: {exc}")
                return 2
            if rb is not default_rb and (args.mode is not None or args.edition is not None):
                # the header says which rulebook played the game: that one replays it
                err(f"{args.log}:{lg.first_line}: game {lg.k} was played with rulebook {rb.key} "
                    f"({rb.mode}, edition {rb.edition}); replaying it with that one, not {default_rb.key}")
            try:
                g = replay(lg.lines, lambda h: game_from_header(M, h), first_line=lg.first_line)
                if g.result is not None:
                    P.check_game_invariants(g)   # as `sgs simulate` does after each game
            except HeaderError as exc:
                err(f"{args.log}:{lg.first_line}: game {lg.k}: {exc}")
                if exc.field is not None:
                    err("  the log was written before sgs recorded the whole setup in the header; "
                        "regenerate it with the same command (`sgs simulate … --log`, "
                        "`sgs play … --log`) and this version of sgs")
                return 2
            except ReplayMismatch as exc:
                out(f"{name}: FAILED at {args.log}:{exc.line}: {exc}")
                if not isinstance(exc, EngineFailed):
                    out("  " + why_different(lg.lines[0], M.SPEC_HASH))
                status = 1
                continue
            except EngineError as exc:   # check_game_invariants
                out(f"{name}: FAILED after the end of the game: {exc}")
                status = 1
                continue
            out(f"{name}, seed {g.seed}: {'ok' if g.result is not None else 'INCOMPLETE'} — "
                f"{g.n_decisions} decisions, {describe_end(g)}")
            if g.result is None and not getattr(args, "allow_partial", False):
                out("  (a game cut short: `--allow-partial` accepts it, as for the log of a game "
                    "left unfinished in `sgs play`)")
                status = max(status, 1)
    except NotALog as exc:
        err(f"{args.log} is not a game log: {exc}")
        return 2
    except Edited as exc:
        out(f"FAILED: {args.log}: {exc}")
        return 1
    finally:
        fh.close()
    if args.game is not None and args.game > reader.count:
        err(f"--game {args.game}: {args.log} has {reader.count} game(s), numbered from 1")
        return 2

    return status


def main_args(sub):
    p = sub.add_parser(
        "replay", help="re-play the games of a log (sgs play/simulate --log) and check them line by line",
        description="Rebuild each game of LOG from its header, feed it the logged answers and compare "
                    "every line. Exit status: 0 every game replays identically and is complete; 1 a "
                    "game differs (an edited log, or another version of the rules or the engine), "
                    "the engine fails, games were deleted, duplicated or moved, or a game stops at "
                    "a question (unless --allow-partial); 2 the file cannot be replayed (missing, "
                    "not a regular file, not a game log, a header the game cannot be built from).")
    p.add_argument("log", help="a JSON-lines game log (one game or several)")
    p.add_argument("--game", type=int, metavar="K", help="replay only game K (1 = the file's first game)")
    p.add_argument("--allow-partial", action="store_true",
                   help="a game whose log stops at a question (left unfinished) is not an error")
    from .rulebooks import add_arguments

    add_arguments(p)   # for logs whose header names no rulebook
    return p
