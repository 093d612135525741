"""resolving.target_roles (step 191): a card's targets that are roles (ints from 0 below VBASE),
as a tuple; when every target is a role (all of them in the six games) the targets themselves as
a tuple, without a list made first (a kept tuple answered as it is). Held, pure and as built, to
the definition on lists and tuples of seats, with a virtual card's handle, a negative, a bool, a
string among them, and on what is no virtual card."""
from seeded_games import VCARD_HEAD, run_python

DIRECT = VCARD_HEAD + r"""
v = C._new_vcard(g, g.card_name(1), (1,))
rec = B._rec(g, v)
out = []
for tg in ([], [2, 0, 1], (3, 1), [1, B.VBASE + 1, 2], (B.VBASE, 0), [-1, 2], [True, 2], ["x", 1]):
    rec[B.V_TARGETS] = tg
    got = R.target_roles(g, f, v)
    want = tuple([p for p in tg if isinstance(p, int) and 0 <= p < B.VBASE])
    out.append((got == want and type(got) is tuple, type(tg) is tuple and got is tg))
out.append(R.target_roles(g, f, 5) == ())
print(out)
"""

WANT = [(True, False), (True, False), (True, True), (True, False), (True, False), (True, False),
        (True, False), (True, False), True]


def test_target_roles_are_the_targets_that_are_roles():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == repr(WANT), lines
