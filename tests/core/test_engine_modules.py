"""The engine's modules cimport each other (docs/decisions/0019): whichever of them a process
imports first, compiled or pure, the others load and a game plays, clones and logs alike."""
import os
import subprocess
import sys

import pytest

import core
from core.build import ENGINE

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

SCRIPT = r"""
import hashlib, sys
sys.path.insert(0, %(here)r)
sys.path.insert(0, %(root)r)
import core.%(first)s
import core
from toy import random_toy, random_game
g = random_game(random_toy(nturns=12), n=4, seed=3)
g.step()
c = g.clone()               # core.clone, from a game asking a core.decision
r1, r2 = g.run_random(7), c.run_random(7)
assert r1.winners == r2.winners and g.log == c.log
# what moved out of core.engine is still found there, compiled and pure
import core.engine as E, core.decision, core.ruleset
assert E.Decision is core.decision.Decision and E.Ruleset is core.ruleset.Ruleset and E.INF == core.ruleset.INF
import core.rng, core.codes, core.errors   # decision 0060: the RNG, the codes, the errors
assert E.Rng is core.rng.Rng and E.IllegalAnswer is core.errors.IllegalAnswer
assert E.Z_HAND == core.codes.Z_HAND and E.KIND_NAMES is core.codes.KIND_NAMES
assert type(g.rng) is core.rng.Rng
import core.checks, core.logjson
assert g.check_invariants() is True and core.checks.check_engine_state(c) is True
assert core.logjson.log_value([c.stack[0]] if c.stack else []) == ([{"frame": c.stack[0].id}] if c.stack else [])
try:
    E.no_such_name
    raise SystemExit("core.engine.no_such_name did not fail")
except AttributeError:
    pass
print("COMPILED" if core.compiled() else "PURE", hashlib.md5(g.log_text().encode()).hexdigest())
"""


def _run(first, pure):
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    if pure:
        env["SGS_PURE"] = "1"
    p = subprocess.run([sys.executable, "-c", SCRIPT % {"here": HERE, "root": ROOT, "first": first}],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, "core.%s imported first (%s):\n%s" % (
        first, "pure" if pure else "compiled", p.stderr[-3000:])
    return p.stdout.split()


@pytest.mark.parametrize("first", ENGINE)
def test_any_engine_module_may_be_imported_first(first):
    modes = [True] + ([False] if core.compiled() else [])
    got = {pure: _run(first, pure) for pure in modes}
    assert got[True][0] == "PURE"
    if False in got:
        assert got[False][0] == "COMPILED"
        assert got[False][1] == got[True][1]   # the same game's log, compiled and pure
