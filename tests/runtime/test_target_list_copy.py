"""A card's target list (resolving.target_list, step 134d): a live record's list copied into a
tuple as a list (PyList_AsTuple, not the generic sequence path), a frozen record's tuple as
tuple() reads it, no targets for anything not a virtual card. Each answer a tuple of its own
(a later change of the record's list leaves it as it was): six asks, pure and as built."""
from seeded_games import VCARD_HEAD, run_python

SCRIPT = VCARD_HEAD + r"""
bad, n = [], 0
def ask(c, want):
    global n
    n += 1
    got = R.target_list(g, f, c)
    if type(got) is not tuple or got != want:
        bad.append((c, got, want))
    return got
v = C._new_vcard(g, g.card_name(1), (1,))
ask(v, ())
# () until written (docs/decisions/0118): the list made by the writers' _list_field
R._list_field(B._rec(g, v), B.V_TARGETS).extend([2, 0, 3])
t = ask(v, (2, 0, 3))
R._list_field(B._rec(g, v), B.V_TARGETS).append(1)   # a copy: the earlier answer stays as it was
ask(v, (2, 0, 3, 1))
if t != (2, 0, 3):
    bad.append(("copy changed", t))
B._st(g)[B.S_LIVE] = [v]
R.vanish_virtual_card(g, f, True, v)   # frozen: its targets a tuple
ask(v, (2, 0, 3, 1))
ask(1, ())
ask(B.NONE, ())
print(n, bad)
"""


def test_target_list_is_a_copy_of_the_record():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "6 []", lines
