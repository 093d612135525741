"""One generated unit registered by two rulebooks (docs/decisions/0025): the older edition
registers the current edition's cards and packs where its specs make the same unit text, each
ruleset with its own id table. The core's ids of the same names differ between the two rulesets
(the timings above all), so a game of either, played while the other is loaded in the same
process, must play exactly as it does alone — compiled (the C ints of the unit's table) and pure.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

import core

ROOT = Path(__file__).resolve().parent.parent.parent

SCRIPT = r"""
import sys
import core
from core import prims as P
import generated.identity as NEW
import generated.identity_old as OLD
order = sys.argv[1]
out = ["COMPILED" if core.compiled() and not NEW.__file__.endswith(".py") else "PURE"]
def game(M, seed):
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=2)
    return g.log_text() + repr(g.run_random(seed))
# "alone": each rulebook's games in a process of their own; "mixed": both rulesets registered
# first, the games interleaved
if order == "new":
    out += [game(NEW, s) for s in (1000, 1001)]
elif order == "old":
    out += [game(OLD, s) for s in (1000, 1001)]
else:
    P.new_game(OLD, 5, seed=1, deck="标准版加军争")
    new1 = game(NEW, 1000)
    old1 = game(OLD, 1000)
    new2 = game(NEW, 1001)
    old2 = game(OLD, 1001)
    out += [new1, new2, old1, old2]
sys.stdout.write("\n\x00\n".join(out))
"""


def _run(order: str, pure: bool) -> list[str]:
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    if pure:
        env["SGS_PURE"] = "1"
    p = subprocess.run([sys.executable, "-c", SCRIPT, order], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout.split("\n\x00\n")


def test_the_old_edition_registers_the_shared_units():
    import generated.identity as NEW
    import generated.identity_old as OLD

    shared = set(NEW.UNITS) & set(OLD.UNITS)
    names = {u.__name__.rsplit(".", 1)[1] for u in shared}
    # the cards and the packs whose skills read the same in both editions (山's 〖化身〗 does not)
    assert {"identity_cards", "identity_generals_standard", "identity_generals_u98ce"} <= names, names
    assert not any(u.__name__.startswith("generated.identity_old_") for u in shared)


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_games_with_both_rulesets_loaded_play_as_alone(pure):
    if not pure and not core.compiled():
        pytest.skip("the compiled engine is not built (run `sgs build`)")
    mixed = _run("mixed", pure)
    new = _run("new", pure)
    old = _run("old", pure)
    assert mixed[0] == new[0] == old[0] == ("PURE" if pure else "COMPILED")
    assert mixed[1:3] == new[1:], "a current-edition game changed with the old ruleset loaded"
    assert mixed[3:5] == old[1:], "an old-edition game changed with the current ruleset loaded"
    assert new[1] != old[1]   # the editions differ (the ids of their timings above all)
