"""`sgs simulate`: many games of the compiled engine with chosen agents; statistics.

Each game is seeded (`--seed` + game index), so a run is reproducible and `--jobs` splits the
games across processes without changing any result. The engine module is the generated
`generated/<rulebook>.py` of the rulebook `--mode`/`--edition` choose (compiler/rulebooks.py;
compiled when built, else pure Python; SGS_PURE=1 forces pure).
"""
from __future__ import annotations

import sys
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from . import files, rulebooks
from .console import console, is_terminal, progress_bar, rate_text, table
from .escape import json_text, shown
from .gameopts import BLANK, check_players, check_seeds, max_jobs, resolve_deck, resolve_generals, whole
from .logfile import MAX_GAMES, file_header, game_marker

# random: a uniformly random player (core.agents.RandomPlayer: uniform among the actions of
# an idle point, carries out what it chose); uniform: every decision answered uniformly at
# random (Game.run_random; long games); first: that player with every draw at its first option
AGENTS = ("random", "uniform", "first")
# when the invariants are checked (core.prims.check_game_invariants): between every two turns
# and at the end, or only at the end
CHECKS = ("turn", "end")
# a run keeps what it reports, not every game: memory does not grow with --games
MAX_ERRORS_KEPT = 20


@dataclass
class Totals:
    games: int = 0
    errors: list = field(default_factory=list)
    wins_by_role: Counter = field(default_factory=Counter)
    seats_by_role: Counter = field(default_factory=Counter)
    wins_by_general: Counter = field(default_factory=Counter)
    seats_by_general: Counter = field(default_factory=Counter)
    turns: int = 0
    turn_counts: Counter = field(default_factory=Counter)   # turns -> games (the median)
    error_count: int = 0
    timings: int = 0
    decisions: int = 0
    skill_uses: Counter = field(default_factory=Counter)
    status_effects: Counter = field(default_factory=Counter)
    cards_used: Counter = field(default_factory=Counter)
    cards_played: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, r: dict):
        if "error" in r:
            self.error_count += 1
            if len(self.errors) < MAX_ERRORS_KEPT:   # the report names the first ones
                self.errors.append(r)
            return
        self.games += 1
        for seat in r["seats"]:
            self.seats_by_role[seat["role"]] += 1
            self.seats_by_general[seat["general"]] += 1
            if seat["won"]:
                self.wins_by_role[seat["role"]] += 1
                self.wins_by_general[seat["general"]] += 1
        self.turns += r["turns"]
        self.turn_counts[r["turns"]] += 1
        self.timings += r["timings"]
        self.decisions += r["decisions"]
        self.skill_uses.update(r["skill_uses"])
        self.status_effects.update(r["status_effects"])
        self.cards_used.update(r["cards_used"])
        self.cards_played.update(r["cards_played"])


def say_if_uncompiled(command: str):
    """A note on stderr when the engine runs uncompiled, and why (the games are the same,
    only slower)."""
    import core

    why = core.uncompiled_reason()
    if why is not None:
        print(f"{command}: running uncompiled (pure Python, same games, slower): {why}",
              file=sys.stderr)


def load_engine(key: str = rulebooks.DEFAULT.key):
    """The generated engine of rulebook ``key`` and the runtime library."""
    from core import prims as P

    return rulebooks.by_key(key).module(), P


def play_one(job: tuple) -> dict:
    """Play one seeded game; returns its summary (or the error, with the seed to replay it).
    ``job``: (seed, players, agent, deck, generals, log[, check[, rulebook key]]), check "turn"
    and the default rulebook by default; ``generals``: the packs dealt from as ``--generals``
    names them (``standard,风``, ``blank``)."""
    seed, players, agent, deck, generals, log = job[:6]
    check = job[6] if len(job) > 6 else "turn"
    key = job[7] if len(job) > 7 else rulebooks.DEFAULT.key
    M, P = load_engine(key)
    mode = rulebooks.by_key(key).mode
    pack, problem = resolve_generals(M, generals)
    if problem:
        return {"seed": seed, "error": problem}
    from core.agents import FirstPlayer, RandomPlayer, play

    g = None
    try:
        g = P.new_game(M, players, seed=seed, mode=mode, deck=deck, log_level=1 if log else 0,
                       pack=pack)
        if check == "turn":
            g.turn_hook = P.check_game_invariants
        if agent == "uniform":
            result = g.run_random(seed)
        elif agent == "random":
            result = play(g, RandomPlayer(seed))
        else:
            result = play(g, FirstPlayer())
        P.check_game_invariants(g)
    except Exception as exc:  # reported per game with its seed, never a crash of the run
        failed = {"seed": seed, "error": f"{type(exc).__name__}: {exc}"}
        if log and g is not None:  # up to the failure: `sgs replay` reproduces it
            failed["log"] = g.log_text()
        return failed
    winners = set(result.winners or ())
    seats = [{"seat": p, "role": P.ROLE_NAMES[g.players[p].role] if g.players[p].role >= 0 else "?",
              "general": (P.general_of(g, p) or ("白板",))[0], "won": p in winners} for p in range(players)]
    names = g.rs.skill_names if hasattr(g.rs, "skill_names") else [s.name for s in g.rs.skills]
    uses = {names[i]: n for i, n in enumerate(g.skill_uses) if n and not names[i].startswith("<")}
    st = P.stats(g)
    out = {"seed": seed, "seats": seats, "turns": g.turn_no, "timings": g.n_timings,
           "decisions": g.n_decisions, "skill_uses": uses, "reason": result.reason,
           "status_effects": st["status"], "cards_used": st["used"], "cards_played": st["played"]}
    if log:
        out["log"] = g.log_text() if hasattr(g, "log_text") else "\n".join(g.log)
    return out


def check_args(args) -> str:
    """The first problem with the run's arguments that needs no engine, or ""."""
    if args.agents not in AGENTS:
        return f"unknown agent {args.agents!r}; choose from {', '.join(AGENTS)}"
    if args.check not in CHECKS:
        return f"unknown check {args.check!r}; choose from {', '.join(CHECKS)}"
    jobs = whole("--jobs", args.jobs, 1, max_jobs())
    return (whole("--games", args.games, 1, MAX_GAMES)
            or (jobs and jobs + " (one process a core of this machine)")
            or check_seeds(args.seed, args.games))


def run(args) -> int:
    problem = check_args(args)
    if problem:
        print(f"sgs simulate: {problem}", file=sys.stderr)
        return 2
    try:
        rb = rulebooks.from_args(args)
    except rulebooks.RulebookError as exc:
        print(f"sgs simulate: {exc}", file=sys.stderr)
        return 2
    try:
        M, P = load_engine(rb.key)
    except ImportError as exc:
        print(f"sgs simulate: the engine is not generated yet ({exc}); run `sgs build`", file=sys.stderr)
        return 2
    say_if_uncompiled("sgs simulate")
    args.rulebook = rb.key
    if args.players is None:
        args.players = rb.players
    if args.deck is None:
        args.deck = rb.deck
    pack, problem = resolve_generals(M, args.generals)
    if problem:
        print(f"sgs simulate: {problem}", file=sys.stderr)
        return 2
    deck, problem = resolve_deck(M, args.deck)
    if deck is not None:
        args.deck = deck
        problem = check_players(M, P, args.players, deck, rb.mode)
    if problem:
        print(f"sgs simulate: {problem}", file=sys.stderr)
        return 2
    if args.plot and not args.plot.lower().endswith(".svg"):
        print(f"sgs simulate: --plot writes SVG: give a file name ending in .svg, not {args.plot}", file=sys.stderr)
        return 2
    log = None
    try:   # the outputs opened before the first game: a path that cannot be written is said now
        if args.plot:
            files.open_output(args.plot, "plot").close()
        if args.log:
            log = files.open_output(args.log, "log")
    except files.FileProblem as exc:
        print(f"sgs simulate: {exc}", file=sys.stderr)
        return 2
    try:
        totals = play_all(args, log, rb.key)
    finally:
        if log is not None:
            log.close()
    report = summary(totals, args)
    if args.json:
        print(json_text(report, indent=1))
    elif is_terminal(sys.stdout):
        show_report(report)
    else:
        print(render(report))
    if args.plot:
        from .plot import plot_simulation

        plot_simulation(report, totals.turn_counts, args.plot)
        print(f"sgs simulate: wrote {args.plot}", file=sys.stderr)
    return 1 if totals.error_count else 0


def play_all(args, log, key: str) -> Totals:
    """Play the run's games (lazily: the jobs are made as the workers take them), adding each
    result to the totals and its log to the file as it arrives, in game order."""
    jobs = ((args.seed + i, args.players, args.agents, args.deck, args.generals, log is not None,
             args.check, key) for i in range(args.games))
    totals = Totals()
    start = time.perf_counter()
    show = not args.json and is_terminal(sys.stderr) or args.progress
    if log is not None:
        log.write(file_header(args.games))
    with progress_bar(args.games, "games", show, force=args.progress) as bar:

        def take(k, r):
            text = r.pop("log", None)
            if log is not None:   # a game that failed before its first line: its marker alone
                log.write(game_marker(k, args.seed + k - 1) + (f"{text}\n" if text else ""))
            totals.add(r)
            bar.advance()

        if args.jobs > 1:
            from itertools import islice
            from multiprocessing import Pool

            # Pool.imap would take every job at once (ten million tuples for --games 10000000):
            # the jobs go to the pool a batch at a time
            batch = args.jobs * 64
            chunk = max(1, min(args.games // (args.jobs * 8), 8))
            k = 0
            with Pool(args.jobs) as pool:
                while True:
                    part = list(islice(jobs, batch))
                    if not part:
                        break
                    for r in pool.imap(play_one, part, chunksize=chunk):
                        k += 1
                        take(k, r)
        else:
            for k, job in enumerate(jobs, 1):
                take(k, play_one(job))
    totals.seconds = time.perf_counter() - start
    return totals


def summary(t: Totals, args) -> dict:
    n = max(t.games, 1)
    return {
        "games": t.games, "players": args.players, "agents": args.agents, "seed": args.seed,
        "deck": args.deck, "generals": args.generals, "seconds": round(t.seconds, 3),
        "games_per_second": round(t.games / t.seconds, 1) if t.seconds else None,
        "mean_turns": round(t.turns / n, 2), "mean_timings": round(t.timings / n, 1),
        "mean_decisions": round(t.decisions / n, 1),
        "win_rate_by_role": {r: round(t.wins_by_role[r] / c, 3) for r, c in sorted(t.seats_by_role.items())},
        "win_rate_by_general": {g: round(t.wins_by_general[g] / c, 3)
                                for g, c in sorted(t.seats_by_general.items())},
        "turns_median": median_of(t.turn_counts), "turns_max": max(t.turn_counts, default=0),
        "skill_activations": dict(sorted(t.skill_uses.items(), key=lambda kv: (-kv[1], kv[0]))),
        "status_effects": dict(sorted(t.status_effects.items(), key=lambda kv: (-kv[1], kv[0]))),
        "never_activated": never_activated(t, rulebook_key(args), args.generals) if args.generals != BLANK else [],
        "cards_used": by_count(t.cards_used), "cards_played": by_count(t.cards_played),
        "never_used": never_used(t, args.deck, rulebook_key(args)),
        "errors": t.errors[:MAX_ERRORS_KEPT], "error_count": t.error_count,
    }


def by_count(c: Counter) -> dict:
    return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))


def median_of(counts: Counter) -> float:
    """The median of the values counted (value -> how many times)."""
    n = sum(counts.values())
    if not n:
        return 0

    def nth(i):   # the i-th value in sorted order, from 0
        for v in sorted(counts):
            if i < counts[v]:
                return v
            i -= counts[v]

    return median([nth((n - 1) // 2), nth(n // 2)]) if n % 2 == 0 else nth(n // 2)


def median(xs: list) -> float:
    xs = sorted(xs)
    if not xs:
        return 0
    m = len(xs) // 2
    return xs[m] if len(xs) % 2 else (xs[m - 1] + xs[m]) // 2 if (xs[m - 1] + xs[m]) % 2 == 0 \
        else (xs[m - 1] + xs[m]) / 2


def rulebook_key(args) -> str:
    return getattr(args, "rulebook", None) or rulebooks.DEFAULT.key


def never_activated(t: Totals, key: str = rulebooks.DEFAULT.key, generals: str = "standard") -> list[str]:
    """General skills of the dealt packs that never activated in the run (〖龙胆〗 counts
    through 〖龙胆·2〗 too).
    A 锁定技 without a timing (马术, 空城 …) is a status rule: it activates when it changes
    the answer of a status query (a distance, a legal target, a recovery value …)."""
    M, _ = load_engine(key)
    names, _ = resolve_generals(M, generals)
    if names is None:
        from core.prims.register import DEFAULT_PACK
        names = [g[0] for g in M.GENERALS if g[6] == DEFAULT_PACK] or [g[0] for g in M.GENERALS]
    used = {name.split("·")[0] for name in list(t.skill_uses) + list(t.status_effects)}
    return sorted({s.split("·")[0] for g in M.GENERALS if g[0] in names for s in g[5]} - used)


def never_used(t: Totals, deck: str, key: str = rulebooks.DEFAULT.key) -> list[str]:
    """The card names of the deck no card of which was used (使用) in the run."""
    M, _ = load_engine(key)
    cards = dict(M.DECKS)[deck]
    return sorted({M.CARD_NAMES[c[0]] for c in cards} - set(t.cards_used))


def pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns (a CJK character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - cols, 1)


def render(r: dict) -> str:
    out = [f"{r['games']} games, {r['players']} players, agents {r['agents']}, seed {r['seed']}: "
           f"{r['seconds']} s ({r['games_per_second']} games/s)",
           f"mean per game: {r['mean_turns']} turns (median {r['turns_median']}, max {r['turns_max']}), "
           f"{r['mean_timings']} timings, {r['mean_decisions']} decisions",
           "", "win rate by role:"]
    out += [f"  {pad(k, 6)}{v:6.1%}" for k, v in r["win_rate_by_role"].items()]
    out += ["", "win rate by general:"]
    out += [f"  {pad(k, 8)}{v:6.1%}" for k, v in sorted(r["win_rate_by_general"].items(), key=lambda kv: -kv[1])]
    out += ["", "skill activations:"]
    out += [f"  {pad(k, 14)}{v:>8}" for k, v in r["skill_activations"].items()]
    if r["status_effects"]:
        out += ["", "status rules (锁定技 without a timing) that changed a query's answer:"]
        out += [f"  {pad(k, 14)}{v:>8}" for k, v in r["status_effects"].items()]
    if r["generals"] != BLANK:
        out += ["", f"never activated ({len(r['never_activated'])}): " + ("、".join(r["never_activated"]) or "none")]
    out += ["", f"  {pad('card', 14)}{'used':>8}{'played':>8}   (使用 / 打出)"]
    names = list(r["cards_used"]) + [k for k in r["cards_played"] if k not in r["cards_used"]]
    out += [f"  {pad(k, 14)}{r['cards_used'].get(k, 0):>8}{r['cards_played'].get(k, 0):>8}" for k in names]
    out += ["", f"never used ({len(r['never_used'])}): " + ("、".join(r["never_used"]) or "none")]
    if r["error_count"]:
        out += ["", failed_line(r)]
        out += [f"  seed {e['seed']}: {e['error']}" for e in r["errors"]]
    return "\n".join(out)


def failed_line(r: dict) -> str:
    return (f"{r['error_count']} game(s) failed (play one again with --seed SEED --games 1; "
            f"with --log FILE, `sgs replay FILE` re-plays its log up to the failure):")


def show_report(r: dict):
    """The report at a terminal: the plain report's figures as tables, win rates coloured
    against an even game (1 / the number of players)."""
    from rich.text import Text

    con = console()
    lines = render(r).split("\n")
    con.print(Text(shown(lines[0]), style="bold"))   # rich is past the TerminalStream: escape here
    con.print(Text(shown(lines[1])))
    con.print()
    even = 1 / max(r["players"], 1)
    con.print(table("win rate by role", [("role", "left"), ("win rate", "right")],
                    [(k, rate_text(v, even)) for k, v in r["win_rate_by_role"].items()]))
    con.print()
    con.print(table("win rate by general", [("general", "left"), ("win rate", "right")],
                    [(k, rate_text(v, even)) for k, v in sorted(r["win_rate_by_general"].items(), key=lambda kv: -kv[1])]))
    con.print()
    con.print(table("skill activations", [("skill", "left"), ("times", "right")],
                    [(k, str(v)) for k, v in r["skill_activations"].items()]))
    if r["status_effects"]:
        con.print()
        con.print(table("status rules (锁定技 without a timing) that changed a query's answer",
                        [("skill", "left"), ("times", "right")], [(k, str(v)) for k, v in r["status_effects"].items()]))
    if r["generals"] != BLANK:
        con.print()
        con.print(Text(shown(f"never activated ({len(r['never_activated'])}): " + ("、".join(r["never_activated"]) or "none")),
                       style="yellow" if r["never_activated"] else ""))
    con.print()
    names = list(r["cards_used"]) + [k for k in r["cards_played"] if k not in r["cards_used"]]
    con.print(table("cards (使用 / 打出)", [("card", "left"), ("used", "right"), ("played", "right")],
                    [(k, str(r["cards_used"].get(k, 0)), str(r["cards_played"].get(k, 0))) for k in names]))
    con.print()
    con.print(Text(shown(f"never used ({len(r['never_used'])}): " + ("、".join(r["never_used"]) or "none")),
                   style="yellow" if r["never_used"] else ""))
    if r["error_count"]:
        con.print()
        con.print(Text(failed_line(r), style="bold red"))
        for e in r["errors"]:
            con.print(Text(shown(f"  seed {e['seed']}: {e['error']}"), style="red"))
