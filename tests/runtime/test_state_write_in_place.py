"""core/prims/statew.pxd (step 114): compiled, the rooms that write the root state's shared
tables most (moves, resolving, use, cards, zones) read base._Sw's answer in place when the table
is a list already, and call base._Sw for anything else: a table not made yet, and a Shared tuple
a clone and its original share (the first write by either copies it, docs/decisions/0026).
Held through zones' own writes (seal_zone / unseal_zone, S_SEAL): made on the first write; in a
clone, a write copies the shared table and leaves the original's as it was, and the original's
next write leaves the clone's; a list written again is the same list — pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(3, log_level=1) + r"""
import core.engine as E
import core.prims.base as B
from core.prims import zones as Z
print(not Z.__file__.endswith('.py'))   # compiled: the extension module
f = E.Frame(0, 0)
out = []
st = B._st(g)
st[B.S_SEAL] = None
Z.seal_zone(g, f, True, (7, 1))              # the table made by the first write
t = st[B.S_SEAL]
out.append((type(t).__name__, list(t)))
Z.seal_zone(g, f, True, (7, 2))              # a list: written in place, the same list
out.append((st[B.S_SEAL] is t, list(st[B.S_SEAL])))
h = g.clone()                                # both now share the table (a Shared tuple)
hs = B._st(h)
out.append((type(st[B.S_SEAL]).__name__, type(hs[B.S_SEAL]).__name__))
Z.seal_zone(h, f, True, (7, 3))              # the clone's write copies it
out.append((type(hs[B.S_SEAL]).__name__, list(hs[B.S_SEAL]), type(st[B.S_SEAL]).__name__,
            list(st[B.S_SEAL])))
Z.unseal_zone(g, f, True, (7, 1))            # the original's write copies its own
out.append((type(st[B.S_SEAL]).__name__, list(st[B.S_SEAL]), list(hs[B.S_SEAL])))
print(out)
"""

WANT = str([("list", [(7, 1)]), (True, [(7, 1), (7, 2)]), ("Shared", "Shared"),
            ("list", [(7, 1), (7, 2), (7, 3)], "Shared", [(7, 1), (7, 2)]),
            ("list", [(7, 2)], [(7, 1), (7, 2), (7, 3)])])


def test_a_shared_table_written_in_place_is_bases():
    """The table made at the first write, a list written in place, a Shared table copied by the
    side that writes it (the other's unchanged), pure and as built."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure)
        assert lines[1] == WANT, lines
