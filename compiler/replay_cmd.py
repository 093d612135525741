"""`sgs replay LOG`: re-play the games of a log file and check them line by line.

A log file holds one game (`sgs play --log`) or several (`sgs simulate --log`: each game
preceded by a `{"e":"game","seed":N}` line). A game starts at its header (`{"e":"begin",...}`),
which records everything `prims.new_game` needs to build the same game again
(core.replay.game_from_header); the replay feeds the logged answers to the engine generated
from the current specs and compares every line (core.replay.replay).

Exit status: 0 every game replays identically; 1 a game differs (the log was edited, or made
by another version of the rules or the engine) or the engine fails; 2 the file cannot be
replayed at all (missing, not a game log, a header without the setup).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field

GAME = '{"e":"game"'
BEGIN = '{"e":"begin"'


@dataclass
class LoggedGame:
    first_line: int                              # the header's line number in the file
    lines: list = field(default_factory=list)    # from the header on (blank lines kept)


class NotALog(Exception):
    pass


def split_games(text: str) -> list[LoggedGame]:
    """The games of a log file, in order. A game runs from its header to the next game's
    marker or header; `{"e":"game"}` markers and blank lines outside a game are skipped."""
    games: list[LoggedGame] = []
    in_game = False
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith(BEGIN):
            games.append(LoggedGame(no, [line]))
            in_game = True
        elif line.startswith(GAME):
            in_game = False
        elif in_game:
            games[-1].lines.append(line)
        elif line.strip():
            raise NotALog(f"line {no} is not part of a game (a game starts with its header, "
                          f'{BEGIN},...}}): {line[:80]}')
    if not games:
        raise NotALog(f'no game header ({BEGIN},...}}) in it')
    return games


def why_different(header_line: str, spec_hash: str) -> str:
    """What a differing line may mean, from the header's record of the specs the log was made
    with (setup.rules) and the specs of the engine replaying it."""
    try:
        rules = json.loads(header_line).get("setup", {}).get("rules")
    except (ValueError, AttributeError):
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
    except (ValueError, AttributeError):
        key = None
    return rulebooks.by_key(key) if isinstance(key, str) and key else default


def describe_end(g) -> str:
    if g.result is None:
        return f"unfinished: the log stops at a question to seat {g.pending.who}"
    winners = "、".join(f"{p}号" for p in sorted(g.result.winners or ())) or "nobody"
    return f"winners {winners} ({g.result.reason})"


def run(args, out=print) -> int:
    def err(msg):
        print(f"sgs replay: {msg}", file=sys.stderr)

    try:
        with open(args.log, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        err(f"no such file: {args.log}")
        return 2
    except UnicodeDecodeError:
        err(f"{args.log} is not a game log (not UTF-8 text)")
        return 2
    except OSError as exc:
        err(f"cannot read {args.log}: {exc.strerror or exc}")
        return 2
    try:
        games = split_games(text)
    except NotALog as exc:
        err(f"{args.log} is not a game log: {exc}")
        return 2
    picked = list(enumerate(games, 1))
    if args.game is not None:
        if not 1 <= args.game <= len(games):
            err(f"--game {args.game}: {args.log} has {len(games)} game(s), numbered from 1")
            return 2
        picked = [picked[args.game - 1]]
    from . import rulebooks

    try:
        default_rb = rulebooks.from_args(args)
    except rulebooks.RulebookError as exc:
        err(str(exc))
        return 2
    try:
        from core.engine import EngineError
        from core.replay import EngineFailed, HeaderError, ReplayMismatch, game_from_header, replay
        from core import prims as P
        default_rb.module()
    except ImportError as exc:
        err(f"the engine is not generated yet ({exc}); run `sgs build`")
        return 2
    status = 0
    for k, lg in picked:
        name = f"game {k} (line {lg.first_line})"
        try:
            rb = rulebook_of(lg.lines[0], default_rb)
            M = rb.module()
        except (rulebooks.RulebookError, ImportError) as exc:
            err(f"{args.log}:{lg.first_line}: game {k}: {exc}")
            return 2
        if rb is not default_rb and (args.mode is not None or args.edition is not None):
            # the header says which rulebook played the game: that one replays it
            err(f"{args.log}:{lg.first_line}: game {k} was played with rulebook {rb.key} "
                f"({rb.mode}, edition {rb.edition}); replaying it with that one, not {default_rb.key}")
        try:
            g = replay(lg.lines, lambda h: game_from_header(M, h), first_line=lg.first_line)
            if g.result is not None:
                P.check_game_invariants(g)   # as `sgs simulate` does after each game
        except HeaderError as exc:
            err(f"{args.log}:{lg.first_line}: game {k}: {exc}")
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
        out(f"{name}, seed {g.seed}: ok — {g.n_decisions} decisions, {describe_end(g)}")
    return status


def main_args(sub):
    p = sub.add_parser(
        "replay", help="re-play the games of a log (sgs play/simulate --log) and check them line by line",
        description="Rebuild each game of LOG from its header, feed it the logged answers and compare "
                    "every line. Exit status: 0 every game replays identically; 1 a game differs "
                    "(an edited log, or another version of the rules or the engine) or the engine "
                    "fails; 2 the file cannot be replayed (missing, not a game log, a header "
                    "written before sgs recorded the whole setup).")
    p.add_argument("log", help="a JSON-lines game log (one game or several)")
    p.add_argument("--game", type=int, metavar="K", help="replay only game K (1 = the file's first game)")
    from .rulebooks import add_arguments

    add_arguments(p)   # for logs whose header names no rulebook
    return p
