"""The compiled engine plays the bundled identity games exactly as the pure-Python sources do.

Optimizations of the runtime must not change behaviour: the same seeded games, run compiled and
with SGS_PURE=1, give byte-identical logs at log level 2 (every timing, push, question and
answer). Needs `sgs build` (as CI runs before pytest); skipped when generated/ is not compiled.
"""
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SEEDS = (1000, 1001, 1002)

SCRIPT = r"""
import sys
import core
import generated.identity as M
from core import prims as P
compiled = core.compiled() and M.__file__.endswith(%(ext)r)
out = ["COMPILED" if compiled else "PURE"]
for seed in %(seeds)r:
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=%(level)d)
    r = g.run_random(seed)
    out.append(g.log_text() + repr(r) + " %%d timings" %% g.n_timings)
sys.stdout.write("\n".join(out))
"""


def _compiled_and_fresh():
    from compiler.build import generate, stale

    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    so = ROOT / "generated" / ("identity" + ext)
    src = ROOT / "generated" / "identity.py"
    if not so.exists() or so.stat().st_mtime < src.stat().st_mtime:
        return False
    outputs, _ = generate()
    return bool(outputs) and not stale(outputs)


def _run(pure, level=2):
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    if pure:
        env["SGS_PURE"] = "1"
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    p = subprocess.run([sys.executable, "-c", SCRIPT % {"seeds": SEEDS, "ext": ext, "level": level}],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def test_compiled_games_log_like_pure_games():
    if not _compiled_and_fresh():
        pytest.skip("generated/ is not compiled (run `sgs build`)")
    comp = _run(pure=False)
    pure = _run(pure=True)
    assert comp.startswith("COMPILED\n")
    assert pure.startswith("PURE\n")
    assert comp.count('"e":"end"') == len(SEEDS)
    assert comp.split("\n", 1)[1] == pure.split("\n", 1)[1]


def test_every_generated_program_runs_as_its_units_program():
    """The units register their programs as their own Program subclass (compiled: the core's
    run is a C call of the program's C function, docs/performance.md); the Python-function
    wrapper FnProgram is left to the core's own programs."""
    import generated.identity as M
    from core import prims as P
    from core.ruleset import FnProgram

    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    generated = [p for p in g.rs.progs if type(p).__module__.startswith("generated.")]
    assert len(generated) > 100
    assert not [p.name for p in g.rs.progs if type(p) is FnProgram and not p.name.startswith(("<", "skill:"))]
    assert all(type(p).__name__ == "_Program" for p in generated)


def test_every_condition_and_reading_is_its_units():
    """The units register their conditions (skills', delayed effects') as their own Condition
    subclass and their cards' conditions and targets as their Reading subclass (compiled: C
    calls through a C switch, docs/decisions/0020); the runtime's own conditions are Condition
    subclasses too: nothing in the bundled rules is a Python function behind FnCondition or
    FnReading."""
    import generated.identity as M
    from core import prims as P
    from core.ruleset import Condition, FnCondition, FnReading, Reading

    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    conds = [sk.condition for sk in g.rs.skills if sk.condition is not None]
    conds += list(t.delayed_conds.values())
    assert all(isinstance(c, Condition) and type(c) is not FnCondition for c in conds)
    units = [c for c in conds if type(c).__module__.startswith("generated.")]
    assert len(units) > 50 and all(type(c).__name__ == "_Condition" for c in units)
    assert [c for c in t.delayed_conds.values() if type(c).__name__ == "_Condition"]
    reads = [r for info in t.cards.values() for m in info[5]
             for r in (m[1], m[2], *[rule[2] for rule in m[4]]) if r is not None]
    assert len(reads) > 50
    assert all(isinstance(r, Reading) and type(r) is not FnReading for r in reads)
    assert all(type(r).__name__ == "_Reading" for r in reads)


def test_plain_compiled_games_play_like_pure_games():
    """At log level 1 a game is plain (engine.plain_bit: G_PLAIN), and the compiled `fire` takes
    its quiet path for a timing nobody hears (flow's _quiet_frame/_quiet_timing), which a game
    logging at level 2 never runs, the fingerprint's games included: the same seeds played
    plain, compiled and pure, end with the same level-1 log, result and count of timings."""
    if not _compiled_and_fresh():
        pytest.skip("generated/ is not compiled (run `sgs build`)")
    comp = _run(pure=False, level=1)
    pure = _run(pure=True, level=1)
    assert comp.startswith("COMPILED\n") and pure.startswith("PURE\n")
    assert comp.count(" timings") == len(SEEDS)
    assert comp.split("\n", 1)[1] == pure.split("\n", 1)[1]
