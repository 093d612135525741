"""Build the compiled core once (incremental) and smoke-test it against the
pure-Python sources: same seed + same agent => byte-identical logs."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

SCRIPT = r"""
import sys
sys.path.insert(0, %(here)r)
sys.path.insert(0, %(root)r)
import core
from toy import random_toy, random_game
t = random_toy(nturns=30)
out = []
for seed in range(3):
    g = random_game(t, n=5, seed=seed, debug=True)
    r = g.run_random(seed + 100)
    out.append(g.log_text())
sys.stdout.write(("COMPILED\n" if core.compiled() else "PURE\n") + "".join(out))
""" % {"here": HERE, "root": ROOT}


def _run(env_extra):
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    env.update(env_extra)
    p = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.fixture(scope="module")
def built():
    p = subprocess.run([sys.executable, "-c",
                        "from core.build import build_core; print(build_core())"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        pytest.fail("build_core failed:\n" + p.stdout[-3000:] + p.stderr[-3000:])
    return True


def test_compiled_and_pure_give_identical_logs(built):
    comp = _run({})
    pure = _run({"SGS_PURE": "1"})
    assert comp.startswith("COMPILED\n")
    assert pure.startswith("PURE\n")
    assert comp.split("\n", 1)[1] == pure.split("\n", 1)[1]
    assert comp.count('"e":"end"') == 3


def test_build_is_incremental(built):
    p = subprocess.run([sys.executable, "-c",
                        "from core.build import build_core; print(build_core())"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and p.stdout.strip() == "[]"
