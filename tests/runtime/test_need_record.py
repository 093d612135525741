"""use._need_note, the record of a role's last need (S_NEED, step 136a): compiled, it rewrites
the role's last record in place when the table alone holds it, and makes a new one when anything
else holds the last (a need flow's context, C_REC, or a caller). Held on a fresh game — each
answer is the table's item and reads [name, done, card]; a record held by the test is left as
it was; compiled, one the table alone held is the same object again — and at every third
decision of three seeded games on a clone: the records the need flows' contexts hold (C_REC)
keep what they held after a new need of every role; pure and as built."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
import cython
from core.prims import base as B, use as Use

C_REC = getattr(Use, "C_REC", 8)   # compiled, a C constant of use (use.pxd)
assert C_REC == 8
FLOWS = ((1 << B.EVI_NEED_USE) | (1 << B.EVI_NEED_PLAY) | (1 << B.EVI_PRE_USE)
         | (1 << B.EVI_PRE_PLAY))
compiled = Use.__file__.endswith(".so")
bad = []

# a fresh game: a record held by the test, then one the table alone holds
M, P = S.load_engine("identity")
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
lst = B._S(g, B.S_NEED, g.n)
r1 = Use._need_note(g, 2, 7, False)
if r1 != [7, False, None] or lst[2] is not r1:
    bad.append(("first", r1))
r2 = Use._need_note(g, 2, 9, True, 41)
if r1 != [7, False, None] or r2 is r1 or r2 != [9, True, 41] or lst[2] is not r2:
    bad.append(("held", r1, r2))
i2 = id(r2)
del r1, r2
r3 = Use._need_note(g, 2, 11, False, 5)
if r3 != [11, False, 5] or lst[2] is not r3 or (compiled and id(r3) != i2):
    bad.append(("alone", r3, id(r3) == i2))
if Use._need_note(g, g.n, 1, False) is not None or Use._need_note(g, -1, 1, False) is not None:
    bad.append(("seat",))
# a seat compiled as a C int when it is an int of one digit (step 161b); anything else compared
# as before: an int of more digits is no seat, a bool its int's
if Use._need_note(g, 2 ** 40, 1, False) is not None or Use._need_note(g, -(2 ** 40), 1, False) \
        is not None or lst[2] != [11, False, 5]:
    bad.append(("big seat",))
r4 = Use._need_note(g, True, 13, False)
if r4 != [13, False, None] or lst[1] is not r4:
    bad.append(("bool seat", r4))
# keep_need_result: a need flow's record (C_REC) its role's last need again, the role the flow's
# first slot: a seat compiled as a C long when it is an int of one digit (step 191), anything
# else no seat, a bool its int's
for who, want in ((3, [3]), (0, [0]), (g.n, []), (-1, []), (2 ** 40, []), (-(2 ** 40), []),
                  (True, [1]), ("x", [])):
    fl = Use._push_need(g, g.stack[-1], 2, 7, True)
    # the need flow's frame: its program's slots, the role and the name first (_push_args,
    # step 198), the role its owner, the frame its parent's child
    if fl.slots[:2] != [2, 7] or any(x is not None for x in fl.slots[2:]) or fl.owner != 2 \
            or len(fl.slots) != g.rs.prog_nslots[fl.prog] or g.stack[-2].child is not fl:
        bad.append(("pushed", list(fl.slots), fl.owner))
    rec = [7, False, None]
    fl.y[C_REC] = rec
    fl.slots[0] = who
    lst[:] = [None] * g.n
    Use.keep_need_result(g, fl, True)
    if [i for i, r in enumerate(lst) if r is rec] != want:
        bad.append(("keep", who, list(lst)))
    g.stack.pop()

held = 0
for seed, n, g in decisions("identity", range(1, 4), 3):
    gc = g.clone()
    recs = []
    for f in gc.stack:
        # a flow's context: its frame's field y (decision 0133)
        if B._prog_evi_in(B._T(gc), f.prog, FLOWS) and type(f.y) is list:
            r = f.y[C_REC]
            if r is not None:
                recs.append((r, list(r)))
    held += len(recs)
    for p in range(gc.n):
        Use._need_note(gc, p, 3, True, 17)
    for r, was in recs:
        if r != was:
            bad.append((seed, n, "C_REC", was, r))
print(games, held, int(compiled))
for b in bad[:5]:
    print(b)
"""


def _check(pure):
    lines = run_python(SCRIPT, pure=pure).strip().splitlines()
    games, held, compiled = map(int, lines[0].split())
    assert games == 3 and compiled == (not pure)
    assert not lines[1:], "\n".join(lines[1:])
    assert held > 20, held   # need flows' records were there to keep


def test_need_note_rewrites_only_a_record_the_table_alone_holds_pure():
    _check(True)


def test_need_note_rewrites_only_a_record_the_table_alone_holds_as_built():
    _check(False)
