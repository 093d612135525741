"""The generated units' reference counts at -O0 (docs/performance.md step 112a): flow.pxd's
block redefines CPython's static inline helpers for the modules built without optimisation (the
units but the flows and edition ones): Py_INCREF, Py_XINCREF, Py_TYPE, Py_SIZE … as macros,
Py_DECREF and Py_XDECREF as two small functions of the unit's compiled at -O2 (sgs_decref,
sgs_xdecref), where each was a function of the unit built at -O0.

* as built, no function of a -O0 unit that cimports flow calls one of the headers' functions, and
  they call sgs_decref (objdump; skipped when the engine is pure or there is no objdump);
* seeded games leave no object behind, as built and pure: a reference the units' macros failed to
  drop (or a dealloc skipped) leaves each game's objects alive."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from seeded_games import run_python

ROOT = Path(__file__).resolve().parent.parent.parent
HELPERS = ("Py_INCREF", "Py_DECREF", "Py_XDECREF", "Py_XINCREF", "Py_TYPE", "Py_SIZE",
           "Py_IS_TYPE", "_Py_NewRef")


# Cython's CYTHON_INLINE helpers a unit has (one at least)
INLINE_HELPERS = ("__Pyx_PyObject_IsTrue", "__Pyx_PyLong_As_int", "__Pyx_PyObject_GetAttrStr",
                  "__Pyx_PyLong_As_long")


def fn_o0(first):
    """A program of the unit's (built at -O0)."""
    return next(f for f in first if re.match(r"__pyx_f_9generated_\d+\w+_prog_", f))


def _o0_units():
    from compiler.build import generated_opt
    out = []
    for py in sorted((ROOT / "generated").glob("*.py")):
        if py.stem == "__init__" or generated_opt(py.stem).split()[0] != "-O0":
            continue
        if "cimports.core.prims.flow import" not in py.read_text(encoding="utf-8"):
            continue
        so = sorted(py.parent.glob(py.stem + ".*.so"))
        if so:
            out.append(so[0])
    return out


def test_the_o0_units_call_no_header_helper():
    if os.environ.get("SGS_PURE") or shutil.which("objdump") is None:
        pytest.skip("the engine is pure, or no objdump")
    units = _o0_units()
    if not units:
        pytest.skip("no unit built")
    call = re.compile(r"call.*<(%s)>" % "|".join(HELPERS))
    for so in units:
        asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(so)], capture_output=True,
                             text=True, check=True).stdout
        fn, calls, drops, first = None, [], 0, {}
        for line in asm.splitlines():
            m = re.match(r"[0-9a-f]+ <(.*)>:$", line)
            if m:
                fn = m.group(1)
                first[fn] = []
            elif fn and len(first[fn]) < 2:
                first[fn].append(line.split("\t")[-1].strip())
            if not m and fn and fn.startswith("__pyx_"):   # the unit's own code (its programs …)
                if call.search(line):
                    calls.append(fn)
                drops += "<sgs_decref>" in line or "<sgs_xdecref>" in line
        assert not calls, (so.name, calls[:5])
        assert drops > 100, (so.name, drops)   # its references dropped by the -O2 functions
        # Cython's inline helpers (CYTHON_INLINE: compiler.build's GENERATED_OPT) at -O2: no
        # frame pointer set up, which every function gcc compiles at -O0 does
        helpers = [h for h in INLINE_HELPERS if h in first]
        assert helpers, so.name
        assert not [h for h in helpers if first[h] == ["push   %rbp", "mov    %rsp,%rbp"]], \
            (so.name, {h: first[h] for h in helpers})
        assert first[fn_o0(first)] == ["push   %rbp", "mov    %rsp,%rbp"]   # the unit's own code


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
