"""Game.gbits' G_PLAIN, the one bit fire's quiet path tests (core/prims/fast.pxd) where it tested
the game's type and its log level (step 153): held to those tests, pure and as built, in seeded
games that change their log level and debug mode mid-game and are cloned — a debug game checks
it at every pop (core/checks.py), and the script at every decision; a Game's subclass never has
it; the yes/no fields folded into gbits read and write as they did. The ruleset's kind is in the
flag too (step 166: tests/runtime/test_tables_of_game.py replaces it)."""
from seeded_games import DECISIONS, run_python

PLAIN = DECISIONS + r"""
import core
from core.prims import base as B
from core.codes import Z_DRAW


def plain(g):   # what the quiet path tested before the flag
    return type(g) is E.Game and g.log_level <= 1 and type(g.rs) is B.Rules


class Sub(E.Game):
    pass


bad = checked = 0
for seed, n, g in decisions("identity", (1, 2), every=3):
    for h in (g, g.clone()):
        checked += 1
        bad += bool(h.gbits & 8) != plain(h)
    g.check_invariants()
    if n % 4 == 1:
        g.log_level = 2       # not plain from here (its log longer: nothing compares it)
    elif n % 4 == 2:
        g.debug = True        # its invariants, the flag's with them, at every pop
    elif n % 4 == 3:
        g.log_level = 1
    else:
        g.debug = False
        g.log_level = 0
print("checked", checked > 50, "bad", bad, "games", games)
sub = Sub(g.rs, 5, seed=1, cards=[(c.name, c.suit, c.point) for c in g.cards], log_level=0)
print("sub", sub.gbits & 8, sub.clone().gbits & 8, sub.check_invariants())
base = E.Game(g.rs, 5, seed=1, cards=[(c.name, c.suit, c.point) for c in g.cards], log_level=1,
              debug=True)
print("base", base.gbits & 8, base.debug, base.turn_extra, base.turn_cut)
base.turn_extra = True
base.turn_cut = 1
print("set", base.debug, base.turn_extra, base.turn_cut, base.gbits & 8)
base.debug = False
base.turn_cut = False
print("unset", base.debug, base.turn_extra, base.turn_cut, base.log_level)
"""


def test_the_plain_bit_is_the_tests_it_replaced():
    want = ["checked True bad 0 games 2", "sub 0 8 True", "base 8 True False False",
            "set True True True 8", "unset False True False 1"]
    for pure in (True, False):
        lines = run_python(PLAIN, pure=pure).strip().splitlines()
        assert lines == want, (pure, "\n".join(lines))
