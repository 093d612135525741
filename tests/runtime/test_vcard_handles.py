"""Step 265a of docs/performance.md: compiled, cards._new_vcard answers the handle of a record's
place k (VBASE + k, no small int) boxed once for every game (cards._HANDLES), where each new
record allocated its int. Pure and as built: the handles are VBASE + k, in order, in two games
and past the places an earlier game boxed; as built, a second game's handle at a place the first
game had is the same object."""
from seeded_games import move_game, run_both, run_python

SCRIPT = move_game(5) + r"""
from core.prims import base as B, cards as C
BUILT = C.__file__.endswith(".so")   # the room as built
name = sorted(B._T(g).cards)[0]
first = [C._new_vcard(g, name, (0,)) for _ in range(3)]
g2 = P.new_game(M, 5, seed=1, deck="标准版加军争", mode=None, hand=0, start=False)
P.run_event(g2, "移动", (0, (), 0, None))
second = [C._new_vcard(g2, name, ()) for _ in range(5)]
k0 = len(B._S(g, B.S_VC)) - 3
print(first == [B.VBASE + k0 + i for i in range(3)],
      second == [B.VBASE + k0 + i for i in range(5)])
print(all(a is b for a, b in zip(first, second)) or not BUILT)
"""


def test_a_virtual_cards_handle_pure_and_as_built():
    assert run_both(SCRIPT) == "True True\nTrue"


def test_a_handle_boxed_once_as_built():
    out = run_python(SCRIPT.replace("or not BUILT", "and BUILT"))
    built = "import core.prims.cards as C; print(C.__file__.endswith('.so'))"
    if run_python(built).strip() == "True":
        assert out.strip().splitlines()[-1] == "True"


NAMES = move_game(5) + r"""
import core.engine as E
from core.prims import base as B, cards as C
n = sorted(B._T(g).cards)[1]
v = C._new_vcard(g, n, (0,))
made = [C._new_vcard(g, x, cs) for x, cs in ((n, ()), (-2 - n, ()), (v, ()),
                                               (B.NAME_AS_PHYSICAL, (3,)), (E.VCard(n, (2,)), ()))]
recs = [B._rec(g, c) for c in made]
print([r[B.V_NAME] for r in recs] == [n, n, n, g.card_name(3), n], recs[4][B.V_CARDS] == (2,))
"""


def test_a_new_virtual_cards_name_pure_and_as_built():
    # step 265c: compiled, a name's id is read once in C and passes the tests of the other forms
    assert run_both(NAMES) == "True True"
