"""Step 184a: cards._kind_ok answers two name ids past its first tests by one byte of a table
(cards._kind_table_made: byte h * n + w is 1 where name h is a kind of name w, made once from a
tables' ``kind_names`` and kept while the same list is asked), where it searched the name's tuple
of kinds. Held to the definition (the same name, 普【名】's exact name, or a kind in Status.kinds'
dict) for every pair of names and ids past them, in games of two rulebooks asked in turn, and on
kinds' lists of the test's own: one whose kinds differ from the rulebook's (the table made again
for a new list) and one with a kind that is no name id (no table: the tuples answer) — pure and
as built.

Step 262b: compiled, the two ids are C ints read in place and the byte is read by the table's
pointer, the tables borrowed (cards._kinds_byte), while the tables' ``kind_names`` is the list
the table was made of: the rulebooks and the test's lists asked in turn move the pointer with the
table (a new list) or leave the byte unread (a list with no table: the tuples answer)."""
import pytest

from seeded_games import KIND_OK, TWO_RULEBOOKS, run_python

SCRIPT = TWO_RULEBOOKS + KIND_OK + r"""
from core.prims import base as B, cards as C, status as St
print(not C.__file__.endswith('.py'))
bad, n, tables = [], 0, []


def kinds_in(kl):
    return lambda h: kl[h] if 0 <= h < len(kl) and kl[h] is not None else ()


def ask(g, kl):
    global n
    names = len(kl)
    for have in range(-2, names + 3):
        for want in list(range(-2, names + 3)) + [-2 - w for w in range(names)]:
            n += 1
            got, exp = C._kind_ok(g, have, want), kind_ok(kinds_in(kl), have, want)
            if bool(got) is not exp:
                bad.append((have, want, got, exp))


for g in games + games:   # each rulebook's table made again after the other's
    kd = St.kinds(g)
    kl = C._kinds_by_id(g)
    names = len(kl)
    tb = C.kind_table(g)
    tables.append(tb)
    want_tb = bytes(1 if h in kd and w in kd[h] else 0 for h in range(names) for w in range(names))
    if tb != (want_tb, names):
        bad.append(("table", names))
    ask(g, kl)
# lists of the test's own in the game's tables: kinds not the rulebook's (name 0 a kind of 1 and
# 2, the last name a kind of 0), then a kind that is no name id; the rulebook's again after
g = games[0]
t = B._T(g)
real = t.kind_names
mine = [None] * len(real)
mine[0] = (1, 2)
mine[-1] = (0,)
odd = list(mine)
odd[3] = ("x", 1)
for kl in (mine, odd, real):
    t.kind_names = kl
    ask(g, kl)
print(n > 20000, tables[0] == tables[2], tables[0] != tables[1],
      sum(tables[0][0]) > 0, C.kind_table(g) is not None, bad[:5])
t.kind_names = odd
print(C.kind_table(g))
"""


@pytest.mark.parametrize("pure", [True, False])
def test_kind_ok_by_the_kinds_table_answers_the_definition(pure):
    lines = run_python(SCRIPT, pure=pure).strip().split("\n")
    assert lines[0] == str(not pure), lines
    assert lines[1:] == ["True True True True True []", "None"], lines
