"""The primitives by id (docs/decisions/0250, docs/performance.md step 236): base's registry
gives each name an id at its first registration (base._IDS, _BY_ID, _CAPI), helper frames hold
the id of the primitive they run, and decisions runs it through the table of the rooms' C
functions when compiled (decisions._c_entry, core/prims/primcall.pxd): a cpdef function of a
room's .pxd taking objects after the game and the frame, found by its capsule's signature in the
module's __pyx_capi__. tests/runtime/test_helper_continuations.py holds the calls to their
definitions over seeded games (pure); the fingerprint holds the built engine to the pure one."""
import pytest

import core
from seeded_games import run_python

REGISTRY = r"""
import sys
from core import prims
from core.prims import base as B
names = sorted(B._IDS, key=B._IDS.get)
assert [B._IDS[n] for n in names] == list(range(len(B._BY_ID))) == list(range(len(B._CAPI)))
assert all(B._BY_ID[B._IDS[n]] is B._PRIMS[n] and B.prim_id(n) == B._IDS[n] for n in names)
assert set(names) == set(B._PRIMS) and all(sys.intern(n) is n for n in names)
k, fn, n = B._IDS["show_cards"], B._PRIMS["show_cards"], len(B._BY_ID)
B._register("show_cards", len)   # registered again: the same id, the new function
assert (B._IDS["show_cards"], B._BY_ID[k], len(B._BY_ID), B._CAPI[k]) == (k, len, n, None)
B._register("show_cards", fn)
print(len(names), B._BY_ID[k] is fn, B._CAPI[k] is not None)
"""


def test_every_primitive_has_an_id():
    """Pure and as built: the ids are 0…N-1 in registration order, one a name, each naming
    what _PRIMS holds under it, the names interned; a name registered again keeps its id and
    runs the new function (and its capsule is the new one's: none for a builtin)."""
    for pure in (True, False):
        n, same, capsule = run_python(REGISTRY, pure=pure).split()
        assert int(n) > 500 and same == "True"
        assert capsule == str(not pure and core.compiled())


TABLE = r"""
from core import prims
from core.prims import base as B, decisions as D
for name in ("_set_moving", "_set_targets", "_set_physical", "give", "play_card", "use_card",
             "show_cards", "_set_general_chosen", "ask_yesno", "_call_resolved", "damage"):
    print(name, D.c_entry_of(name))
print("entries", sum(1 for name in B._IDS if D.c_entry_of(name)))
fn = B._PRIMS["show_cards"]
B._register("show_cards", lambda g, f, strict, who, cs: None)
print("lambda", D.c_entry_of("show_cards"))
B._register("show_cards", fn)
print("again", D.c_entry_of("show_cards"))
"""


@pytest.mark.skipif(not core.compiled(), reason="the table is the built engine's")
def test_the_rooms_c_functions_by_id():
    """As built: the primitives the six games' helper frames run most have C functions in the
    table, taking strict and their arguments (_set_moving: the cards; give: who, the cards, the
    target …); a def (_set_general_chosen, _call_resolved, damage) and a cpdef function with a
    default (ask_yesno) have none (a Python call). An entry follows the registry: another
    function registered under the name has none, the room's again has its C function."""
    rows = dict(line.split() for line in run_python(TABLE).splitlines())
    got = {k: int(v) for k, v in rows.items()}
    assert got == {"_set_moving": 2, "_set_targets": 3, "_set_physical": 4, "give": 4,
                   "play_card": 3, "use_card": 3, "show_cards": 3, "_set_general_chosen": 0,
                   "ask_yesno": 0, "_call_resolved": 0, "damage": 0,
                   "entries": got["entries"], "lambda": 0, "again": 3}, got
    assert got["entries"] > 80, got   # 94 when made (step 236)
