"""Whole games of 战棋 (issue 19) as `sgs simulate --mode 战棋` plays them: random players, the
rules' invariants after every turn (core.prims.check_game_invariants: a piece on a square of the
map, one piece a square, the dead off the field, flags, scores that only grow, cards conserved)
and at the end (the winners are the camp with 10 points, 001:23,717, or nobody by the draw rule of
docs/board.md).

The default run plays a dozen games (seconds compiled). `pytest -m soak` plays 2,000 in blocks of
100, each block's outcome kept in the pytest cache (keyed by the engine), as test_simulate.py does.
"""
from collections import Counter

import pytest

from compiler import simulate as S
from compiler.rulebooks import by_key

RB = by_key("zhanqi")


def play(seeds, check="turn"):
    """(errors, Counter of endings) of the seeded games."""
    errors, ends = [], Counter()
    for seed in seeds:
        r = S.play_one((seed, RB.players, "random", RB.deck, "standard", False, check, RB.key))
        if "error" in r:
            errors.append(r)
        else:
            ends[r["reason"]] += 1
            assert len(r["seats"]) == 6
            winners = [s for s in r["seats"] if s["won"]]
            if r["reason"] == "win":
                # 001:23 all roles of the camp win, alive or not: one camp's three
                assert len(winners) == 3 and len({s["role"] for s in winners}) == 1
            else:
                assert r["reason"] == "draw" and winners == []
    return errors, ends


def test_a_dozen_games():
    errors, ends = play(range(1, 13))
    assert errors == []
    assert sum(ends.values()) == 12 and set(ends) <= {"win", "draw"}
    assert ends["win"] >= 9   # most end by points (the draw rule is the exception)


def test_simulate_command_plays_zhanqi(capsys):
    from compiler.cli import main

    assert main(["simulate", "--mode", "战棋", "--games", "2", "--json"]) == 0
    import json
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 6 and report["deck"] == "战棋" and report["error_count"] == 0
    assert set(report["win_rate_by_role"]) <= {"暖方", "冷方"}


# ---------------------------------------------------------------- soak (-m soak)

BLOCK = 100
GAMES = 2_000


def _block(request, block):
    from test_simulate import _engine_hash  # the engine's sources and specs, as the other soaks

    key = f"sgs/soak/zhanqi/{_engine_hash()}/{RB.key}/{block}"
    got = request.config.cache.get(key, None)
    if got is None:
        errors, ends = play(range(block * BLOCK + 1, (block + 1) * BLOCK + 1))
        got = {"errors": errors, "ends": dict(ends)}
        request.config.cache.set(key, got)
    return got


@pytest.mark.soak
@pytest.mark.parametrize("block", range(GAMES // BLOCK))
def test_soak_zhanqi_block(request, block):
    got = _block(request, block)
    assert not got["errors"], got["errors"][:5]


@pytest.mark.soak
def test_soak_zhanqi_2000_games(request):
    """2,000 random 战棋 games: no error, the invariants after every turn, each ending with a camp at
    10 or more (or the draw rule)."""
    ends = Counter()
    for block in range(GAMES // BLOCK):
        got = _block(request, block)
        assert not got["errors"], got["errors"][:5]
        ends.update(got["ends"])
    assert sum(ends.values()) == GAMES and set(ends) <= {"win", "draw"}
