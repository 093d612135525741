"""Step 118b: the tables' lists by card name id where the runtime looked a name id up in a dict:
``card_infos`` (register.finish: each name's entry of ``cards`` or None; cards._card_info) and
``kind_names`` (Status.kinds' dict by id, made at a game's first ask; cards._kinds_by_id, read
by cards._kind_ok, use._hand_of_name and use._count_use). Held to the dicts, the one definition:
every name id's entry and kinds, _card_info of physical and virtual cards, _kind_ok of every pair
of names (and of the name groups), _hand_of_name of every seat and name — pure and as built.
With them, _card_name_any of every kind of card value and targets_empty of a list and a tuple
(step 118d)."""
from seeded_games import KIND_OK, identity_game, run_python

DIRECT = KIND_OK + identity_game(5, log_level=1) + r"""
import core.engine as E
from core.prims import base as B, cards as C, status as St, use as U
for _ in range(40):   # a few decisions in: hands dealt and changed
    if g.step() is None:
        break
print(not C.__file__.endswith('.py'))
t = B._T(g)
kd = St.kinds(g)
names = len(g.rs.card_names)
bad = []
n_checks = 0
for n in range(names):
    n_checks += 1
    if t.card_infos[n] is not t.cards.get(n):
        bad.append(("card_infos", n))
    if C._kinds_by_id(g)[n] != kd.get(n):
        bad.append(("kinds", n, C._kinds_by_id(g)[n], kd.get(n)))
# _card_info of every physical card and of a virtual card of each name
for c in range(len(g.cards)):
    n_checks += 1
    if C._card_info(g, c) is not t.cards.get(g.card_name(c)):
        bad.append(("card_info", c))
for n in range(names):
    v = C._new_vcard(g, n, ())
    n_checks += 1
    if C._card_info(g, v) is not t.cards.get(n):
        bad.append(("card_info v", n))
if C._card_info(g, -1) is not None:
    bad.append("card_info -1")


def kinds_of(have):
    return kd.get(have, ())


kinds = 0
for have in range(-1, names):
    for want in list(range(-1, names)) + [-2 - w for w in range(names)]:
        n_checks += 1
        a = C._kind_ok(g, have, want)
        if bool(a) != kind_ok(kinds_of, have, want):
            bad.append(("kind_ok", have, want, a))
        kinds += bool(a) and have != want and want >= 0
for who in range(g.n):
    hand = list(g.zone_cards(E.Z_HAND, who))
    for name in list(range(names)) + [-2 - w for w in range(names)]:
        for exact in (False, True):
            n_checks += 1
            want = [c for c in hand if g.card_name(c) == name
                    or (not exact and kind_ok(kinds_of, g.card_name(c), name))]
            if U._hand_of_name(g, who, name, exact) != want:
                bad.append(("hand_of_name", who, name, exact))
# _card_name_any (step 118d: an int by its exact type first): physical, virtual, a VCard object,
# an int subclass (a bool), anything else
from core.prims import resolving as R
for c in range(len(g.cards)):
    if C._card_name_any(g, c) != g.card_name(c):
        bad.append(("name_any", c))
v = C._new_vcard(g, 3, ())
for got, want in ((C._card_name_any(g, v), 3), (C._card_name_any(g, E.VCard(5, ())), 5),
                  (C._card_name_any(g, True), g.card_name(1)), (C._card_name_any(g, "x"), -1),
                  (C._card_name_any(g, -7), -1), (C._card_name_any(g, len(g.cards)), -1)):
    n_checks += 1
    if got != want:
        bad.append(("name_any", got, want))
# targets_empty (a list's length read in place): a physical card, a virtual card's list empty
# and not, and its frozen record's tuple
r = B._rec(g, v)
for tg, want in (([], True), ([1], False), ((), True), ((2,), False)):
    r[B.V_TARGETS] = tg
    n_checks += 1
    if bool(R.targets_empty(g, None, v)) != want:
        bad.append(("targets_empty", tg))
if not R.targets_empty(g, None, 0):
    bad.append("targets_empty of a physical card")
print(kinds > 0, n_checks > 1000)
print(bad[:10])
"""


def test_the_lists_by_name_id_answer_as_the_dicts():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True True", lines   # some name is a kind of another (火【杀】)
        assert lines[2] == "[]", lines
