"""Step 97 of docs/performance.md (branch status10): reads made in place, held to their
definitions written out here, pure and as built, at every third decision of seeded games.

* roles._faction and _sex (_general_item: the general's entry read in place, where
  games.general_card made the tuple (name,) + entry at each read): for every seat, and for every
  seat again with a general declared (〖化身〗: the root state's S_AVATAR, set here for the check
  and restored), against (_declared(g, p) or general_of(g, p))[1] / [2], or "".
* fast._rec_fast (a virtual card's record, the root state and its list read borrowed), through
  resolving.target_list and targets_empty, which read a record with it: for every virtual card of
  the state, against the record's targets read from the state's list.
"""
from seeded_games import DECISIONS, SAME_HEAD, SAME_TAIL, assert_definitions_hold

GENERALS = DECISIONS + r"""
from core.prims import base as B, games as Games, roles as Roles
""" + SAME_HEAD + r"""
S_AVATAR = 28   # base.S_AVATAR (a C index once built)
assert getattr(B, "S_AVATAR", 28) == 28


def written(g, p, k):
    gi = Roles._declared(g, p) or Games.general_of(g, p)
    return gi[k] if gi is not None else ""


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        s = B._st(g)
        kept = s[S_AVATAR]
        ngen = len(B._T(g).general_order)
        for avatar in (kept, [[{}, (p * 7 + n) % ngen - (p == 1), ()] for p in range(g.n)]):
            s[S_AVATAR] = avatar   # None (nobody holds generals aside), or one declared each
            for p in range(g.n):
                same(("faction", key, p), Roles._faction(g, p), written(g, p, 1))
                same(("sex", key, p), Roles._sex(g, p), written(g, p, 2))
        s[S_AVATAR] = kept
""" + SAME_TAIL


def test_a_generals_faction_and_sex_are_their_definitions():
    assert_definitions_hold(GENERALS, games=4, asks=3000, true=3000)


RECORDS = DECISIONS + r"""
from core.prims import base as B, resolving as Resolving
""" + SAME_HEAD + r"""
S_VC, V_TARGETS, VBASE = 3, 6, 1 << 20   # base's (C constants once built)
assert (getattr(B, "S_VC", 3), getattr(B, "V_TARGETS", 6), B.VBASE) == (S_VC, V_TARGETS, VBASE)


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        vs = B._st(g)[S_VC]
        if vs is None:   # no virtual card made yet
            continue
        for j in range(len(vs)):   # (base._rec reads past the end unchecked once built)
            c = VBASE + j
            want = tuple(vs[j][V_TARGETS])
            same(("targets", key, seed, n, j), Resolving.target_list(g, None, c), want)
            same(("empty", key, seed, n, j), Resolving.targets_empty(g, None, c), len(want) == 0)
""" + SAME_TAIL


def test_a_virtual_cards_record_is_the_states_pure_and_as_built():
    assert_definitions_hold(RECORDS, games=4, asks=20000, true=10000)
