"""The generated units as built (docs/performance.md step 280, docs/decisions/0307): the units but
the flows and edition ones are compiled at -Og, what Python calls in them (their wrappers: the
registration, a game's set-up) at -O0.

* as built, a -Og unit's programs are optimised (no frame-pointer prologue, which every function
  gcc compiles at -O0 has) and its Python wrappers are not (objdump; skipped when the engine is
  pure or there is no objdump);
* seeded games leave no object behind, as built and pure: a reference the units failed to drop
  (or a dealloc skipped) leaves each game's objects alive."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from seeded_games import run_python

ROOT = Path(__file__).resolve().parent.parent.parent
O0_PROLOGUE = ["push   %rbp", "mov    %rsp,%rbp"]


def _og_units():
    """The built units compiled at -Og that have programs (they cimport flow)."""
    from compiler.build import generated_opt
    out = []
    for py in sorted((ROOT / "generated").glob("*.py")):
        if py.stem == "__init__" or generated_opt(py.stem).split()[0] != "-Og":
            continue
        if "cimports.core.prims.flow import" not in py.read_text(encoding="utf-8"):
            continue
        so = sorted(py.parent.glob(py.stem + ".*.so"))
        if so:
            out.append(so[0])
    return out


def _first_two(so):
    """Each function of ``so``'s code: its first two instructions (objdump)."""
    asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(so)], capture_output=True,
                         text=True, check=True).stdout
    fn, first = None, {}
    for line in asm.splitlines():
        m = re.match(r"[0-9a-f]+ <(.*)>:$", line)
        if m:
            fn = m.group(1)
            first[fn] = []
        elif fn and len(first[fn]) < 2 and "\t" in line:
            first[fn].append(line.split("\t")[-1].strip())
    return first


def test_the_og_units_programs_are_optimised_and_their_wrappers_not():
    if os.environ.get("SGS_PURE") or shutil.which("objdump") is None:
        pytest.skip("the engine is pure, or no objdump")
    units = _og_units()
    if not units:
        pytest.skip("no unit built")
    for so in units:
        first = _first_two(so)
        progs = [f for f in first if re.match(r"__pyx_f_9generated_\d+\w+_prog_", f)]
        wrappers = [f for f in first if f.startswith("__pyx_pw_9generated_")]
        assert progs and wrappers, so.name
        assert not [f for f in progs if first[f] == O0_PROLOGUE], so.name
        assert [f for f in wrappers if first[f] != O0_PROLOGUE] == [], so.name


LEAK = r"""
import gc
import sys
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play

M, P = S.load_engine("identity")
rb = by_key("identity")


def one(seed):
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
    play(g, RandomPlayer(seed))
    n = g.n_timings
    del g
    gc.collect()
    return n


one(1)
one(1)   # the caches a game fills, filled
for seed in (1, 1, 1):
    before = sys.getallocatedblocks()
    n = one(seed)
    print(seed, n, sys.getallocatedblocks() - before)
"""


@pytest.mark.parametrize("pure", [False, True])
def test_seeded_games_leave_no_object_behind(pure):
    lines = run_python(LEAK, pure=pure).split("\n")
    rows = [list(map(int, ln.split())) for ln in lines if ln.strip()]
    assert len(rows) == 3
    for seed, timings, grown in rows:
        assert timings > 1000, seed   # a game was played (thousands of timings)
        # the same game again leaves ~5 blocks (pure and as built); the units' Py_DECREF not
        # deallocating leaves ~170 a game (step 112a's mutation)
        assert grown < 60, (seed, grown)
