"""The frame flags, program kinds and virtual cards' index and base the rooms test (step 270a):
compiled, base.pxd's enum (gcc's constants, where each was an int base shared through a pointer
that every room and fast.pxd's and cardreads.pxd's inline readers loaded at each test); pure,
base's ints. Both what base checks them against, and the readers answer the same pure and as
built."""
from seeded_games import assert_base_constants, identity_game, run_both

NAMES = ("_NX", "_NOTEXEC", "_CHILDEXEC", "_F_CUT", "_F_ENDED", "_F_TERMINATED", "_F_PREVENTED",
         "_F_TURN", "_F_PHASE", "_F_EXTRA", "_PK_NONE", "_PK_EVENT", "_PK_TERM", "_PK_SKILL",
         "_PK_DELAYED", "_PK_CARD", "_S_VC", "_VBASE")



def test_base_constants_are_gccs():
    assert_base_constants(NAMES, "(B.NX, B.F_NOTEXEC, B.F_CHILDEXEC, B.F_CUT, B.F_ENDED, "
                          "E.F_TERMINATED, E.F_PREVENTED, E.F_TURN, E.F_PHASE, E.F_EXTRA, "
                          "B.PK_NONE, B.PK_EVENT, B.PK_TERM, B.PK_SKILL, B.PK_DELAYED, "
                          "B.PK_CARD, B.S_VC, B.VBASE)", "_CONSTS")


# a frame's scratch indices (step 284): gcc's constants in every room that reads f.x, where each was
# an int of base's read through the room's pointer to it
X_NAMES = ("X_JUDGE", "X_CHOSEN", "X_CARDS", "X_JCARD", "X_DEST", "X_STATE", "X_XPH", "X_LASTCARD",
           "X_CTX", "X_TMP", "X_FLAG", "X_IDLE", "X_KEPTEQUIP")


def test_scratch_indices_are_gccs():
    assert_base_constants(X_NAMES, "tuple(range(13))", "_X_INDEXES")


# the virtual-card readers (_VBASE, _S_VC) and the turn and phase flags (_F_TURN, _F_PHASE) read
# on a game played until a virtual card lives
SCRIPT = identity_game(2) + r"""
import core.engine as E
from core.agents import RandomPlayer
from core.prims import base as B
a = RandomPlayer(2)
d = g.step()
while not B._st(g)[B.S_LIVE] and g.result is None:
    g.answer(a.choose(g, d))
    d = g.step()
h = next(iter(B._st(g)[B.S_LIVE]))
print(h >= B.VBASE, B._is_v(h), B._is_v(B.VBASE - 1), B._is_v(None))
print(B._rec(g, h) is B._st(g)[B.S_VC][h - B.VBASE])
for c in (B.VBASE - 1, B.VBASE + len(B._st(g)[B.S_VC])):
    try:
        B._rec(g, c)
    except IndexError as e:
        print(e)
print(bool(g.turn_frame.flags & E.F_TURN), bool(g.phase_frame.flags & E.F_PHASE))
"""


def test_virtual_card_readers():
    out = run_both(SCRIPT).splitlines()
    assert out[:2] == ["True True False False", "True"], out
    assert [line.startswith("no virtual card ") for line in out[2:4]] == [True, True], out
    assert out[4] == "True True", out
