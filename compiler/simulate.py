"""`sgs simulate`: many games of the compiled engine with chosen agents; statistics.

Each game is seeded (`--seed` + game index), so a run is reproducible and `--jobs` splits the
games across processes without changing any result. The engine module is the generated
`generated/identity.py` (compiled when built, else pure Python; SGS_PURE=1 forces pure).
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

AGENTS = ("random", "first")


@dataclass
class Totals:
    games: int = 0
    errors: list = field(default_factory=list)
    wins_by_role: Counter = field(default_factory=Counter)
    seats_by_role: Counter = field(default_factory=Counter)
    wins_by_general: Counter = field(default_factory=Counter)
    seats_by_general: Counter = field(default_factory=Counter)
    turns: int = 0
    timings: int = 0
    decisions: int = 0
    skill_uses: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, r: dict):
        if "error" in r:
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
        self.timings += r["timings"]
        self.decisions += r["decisions"]
        self.skill_uses.update(r["skill_uses"])


def load_engine():
    from core import prims as P
    import generated.identity as M

    return M, P


def play_one(job: tuple) -> dict:
    """Play one seeded game; returns its summary (or the error, with the seed to replay it)."""
    seed, players, agent, deck, log = job
    M, P = load_engine()
    from core import engine as E

    try:
        g = P.new_game(M, players, seed=seed, deck=deck, log_level=1 if log else 0)
        if agent == "random":
            result = g.run_random(seed)
        else:
            from core.agents import FirstLegalAgent, play

            result = play(g, [FirstLegalAgent() for _ in range(players)])
    except Exception as exc:  # reported per game with its seed, never a crash of the run
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}"}
    winners = set(result.winners or ())
    seats = [{"seat": p, "role": P.ROLE_NAMES[g.players[p].role] if g.players[p].role >= 0 else "?",
              "general": (P.general_of(g, p) or ("白板",))[0], "won": p in winners} for p in range(players)]
    names = g.rs.skill_names if hasattr(g.rs, "skill_names") else [s.name for s in g.rs.skills]
    uses = {names[i]: n for i, n in enumerate(g.skill_uses) if n and not names[i].startswith("<")}
    out = {"seed": seed, "seats": seats, "turns": g.turn_no, "timings": g.n_timings,
           "decisions": g.n_decisions, "skill_uses": uses, "reason": result.reason}
    if log:
        out["log"] = g.log_text() if hasattr(g, "log_text") else "\n".join(g.log)
    return out


def progress(done: int, total: int, start: float, stream=sys.stderr):
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - start, 1e-9)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  {rate:,.0f}/s")
    stream.flush()
    if done == total:
        stream.write("\n")


def run(args) -> int:
    if args.agents not in AGENTS:
        print(f"sgs simulate: unknown agent {args.agents!r}; choose from {', '.join(AGENTS)}", file=sys.stderr)
        return 2
    try:
        load_engine()
    except ImportError as exc:
        print(f"sgs simulate: the engine is not generated yet ({exc}); run `sgs build`", file=sys.stderr)
        return 2
    jobs = [(args.seed + i, args.players, args.agents, args.deck, bool(args.log)) for i in range(args.games)]
    totals = Totals()
    start = time.perf_counter()
    logs = []
    show = not args.json and sys.stderr.isatty() or args.progress
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            for k, r in enumerate(pool.imap(play_one, jobs, chunksize=max(1, len(jobs) // (args.jobs * 8) or 1)), 1):
                totals.add(r)
                logs.append(r.get("log"))
                if show:
                    progress(k, len(jobs), start)
    else:
        for k, job in enumerate(jobs, 1):
            r = play_one(job)
            totals.add(r)
            logs.append(r.get("log"))
            if show:
                progress(k, len(jobs), start)
    totals.seconds = time.perf_counter() - start
    if args.log:
        with open(args.log, "w", encoding="utf-8") as fh:
            for k, text in enumerate(logs):
                if text:
                    fh.write(f'{{"e":"game","seed":{args.seed + k}}}\n{text}\n')
    report = summary(totals, args)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print(render(report))
    return 1 if totals.errors else 0


def summary(t: Totals, args) -> dict:
    n = max(t.games, 1)
    return {
        "games": t.games, "players": args.players, "agents": args.agents, "seed": args.seed,
        "deck": args.deck, "seconds": round(t.seconds, 3),
        "games_per_second": round(t.games / t.seconds, 1) if t.seconds else None,
        "mean_turns": round(t.turns / n, 2), "mean_timings": round(t.timings / n, 1),
        "mean_decisions": round(t.decisions / n, 1),
        "win_rate_by_role": {r: round(t.wins_by_role[r] / c, 3) for r, c in sorted(t.seats_by_role.items())},
        "win_rate_by_general": {g: round(t.wins_by_general[g] / c, 3)
                                for g, c in sorted(t.seats_by_general.items())},
        "skill_activations": dict(sorted(t.skill_uses.items(), key=lambda kv: (-kv[1], kv[0]))),
        "never_activated": never_activated(t),
        "errors": t.errors[:20], "error_count": len(t.errors),
    }


def never_activated(t: Totals) -> list[str]:
    """General skills that never activated in the run (〖龙胆〗 counts through 〖龙胆·2〗 too)."""
    M, _ = load_engine()
    used = {name.split("·")[0] for name in t.skill_uses}
    return sorted({s.split("·")[0] for g in M.GENERALS for s in g[5]} - used)


def render(r: dict) -> str:
    out = [f"{r['games']} games, {r['players']} players, agents {r['agents']}, seed {r['seed']}: "
           f"{r['seconds']} s ({r['games_per_second']} games/s)",
           f"mean per game: {r['mean_turns']} turns, {r['mean_timings']} timings, {r['mean_decisions']} decisions",
           "", "win rate by role:"]
    out += [f"  {k:<4} {v:6.1%}" for k, v in r["win_rate_by_role"].items()]
    out += ["", "win rate by general:"]
    out += [f"  {k:<6} {v:6.1%}" for k, v in sorted(r["win_rate_by_general"].items(), key=lambda kv: -kv[1])]
    out += ["", "skill activations:"]
    out += [f"  {k:<8} {v}" for k, v in r["skill_activations"].items()]
    out += ["", f"never activated ({len(r['never_activated'])}): " + ("、".join(r["never_activated"]) or "none")]
    if r["error_count"]:
        out += ["", f"{r['error_count']} game(s) failed (replay with --seed SEED --games 1):"]
        out += [f"  seed {e['seed']}: {e['error']}" for e in r["errors"]]
    return "\n".join(out)
