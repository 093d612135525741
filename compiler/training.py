"""The games `sgs build --pgo` trains gcc's profile on (core/pgo.py): `python -m compiler.training`
plays them on the instrumented modules, whose counts are written when it exits.

What the engine plays, every rulebook at its own players and deck: 身份局 with the random player
(`sgs simulate`'s), with uniform answers (`Game.run_random`, `sgs bench`'s second figure) and
with every pack of generals; its old edition and 战棋 with the random player. A part the
training plays little is compiled as without a profile, never worse (core/pgo.py's
USE_FLAGS). Seeds of their own, apart from those the bench, the fingerprint and the tests play,
so the speed measured is never of the games trained.
"""
from __future__ import annotations

import sys
import time

# (rulebook key, its generals: "standard" or "every" pack, agent: random | uniform, games)
TRAINING = (("identity", "standard", "random", 150),
            ("identity", "standard", "uniform", 50),
            ("identity", "every", "random", 40),
            ("identity_old", "standard", "random", 30),
            ("zhanqi", "standard", "random", 30))
SEED = 700000   # the first game's seed; each part's games the next ones


def describe() -> str:
    """The training in a line (the profile's manifest records it)."""
    parts = ", ".join(f"{key} {generals} {agent} ×{n}" for key, generals, agent, n in TRAINING)
    return f"seeds from {SEED}: {parts}"


def play_all(out=sys.stderr) -> int:
    """Play TRAINING; the games played."""
    from core import prims as P
    from core.agents import RandomPlayer, play

    from .gameopts import pack_list, resolve_generals
    from .rulebooks import by_key

    seed, played = SEED, 0
    for key, generals, agent, n in TRAINING:
        rb = by_key(key)
        M = rb.module()
        packs = ",".join(pack_list(M)) if generals == "every" else generals
        pack, problem = resolve_generals(M, packs)
        if problem:
            raise SystemExit(f"sgs build --pgo: {problem}")
        t0 = time.perf_counter()
        for s in range(seed, seed + n):
            g = P.new_game(M, rb.players, seed=s, mode=rb.mode, deck=rb.deck or None, log_level=0,
                           pack=pack)
            if agent == "uniform":
                g.run_random(s)
            else:
                play(g, RandomPlayer(s))
        seed += n
        played += n
        print(f"sgs build --pgo: trained on {n} games, {key} {generals} {agent} "
              f"({time.perf_counter() - t0:.1f} s)", file=out, flush=True)
    return played


if __name__ == "__main__":
    import core

    from .rulebooks import RULEBOOKS

    for rb in RULEBOOKS:
        rb.module()   # (the generated units' package is decided at its first import)
    why = core.uncompiled_reason()
    if why is not None:   # counts of the .py sources would be nothing for gcc
        raise SystemExit(f"sgs build --pgo: the training would run uncompiled ({why})")
    play_all()
