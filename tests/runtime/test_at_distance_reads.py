"""Step 219b of docs/performance.md: roles.at_distance and at_distance_one read each role's
distance by core.held's C call for two seats (where Game.distance's method was called, at_distance
calling it twice for a role out of distance x), held to their definition, pure and as built: at
every third decision of seeded random-player games of the current and the old edition, for every
seat as the user, x from 1 to 3, the card being targeted off and on (its user that seat, a card
name with a 使用目标: 无距离限制 and 〖断粮〗's +X asked as the primitives ask them), at_distance
answers the roles of the group not the user at distance x (or within x + X, or all when 无距离限制)
by Game.distance(user, role); at_distance_one under a pick of one (the scan's first reading) its
first legal role of those, or none. Distances that differ by direction (the horses) are met, so
a distance read from the role to the user answers otherwise."""
from seeded_games import DECISIONS, run_both

AT = DECISIONS + r"""
from core.prims import base as B, roles as Roles, status as Status, targets as Targets, turns as Turns
from core.prims.base import Pick

rows, kept, onesided, bad = 0, 0, 0, []


def want_all(g, who, x, group, on, name):
    free = Roles._tc_free(g, who)
    plus = Status._query(g, B.Q_DISTPLUS, who, name) if on else 0
    return [p for p in group if p != who and (free or g.distance(who, p) == x or
                                              (plus > 0 and x < g.distance(who, p) <= x + plus))]


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        f = Turns.current_turn(g, None)
        if f is None:
            continue
        name = g.rs.card_names.index("顺手牵羊")
        seats = tuple(range(g.n))
        onesided += any(g.distance(a, b) != g.distance(b, a) for a in seats for b in seats)
        tg = B._targeting()
        for who in seats:
            for on in (False, True):
                tg.on, tg.user, tg.name = on, (who if on else None), (name if on else None)
                try:
                    for x in (1, 2, 3):
                        want = want_all(g, who, x, seats, on, name)
                        got = Roles.at_distance(g, f, who, x, seats)
                        rows += 1
                        kept += len(want)
                        if list(got) != want:
                            bad.append((key, seed, n, who, on, x, got, want))
                        if on:
                            tg.first = True
                            try:
                                one = Roles.at_distance_one(g, f, who, x, Pick("角色", list(seats)))
                            finally:
                                tg.first = False
                            legal = [p for p in want if Targets._legal(g, who, name, p, None)]
                            if list(one.group) != legal[:1]:
                                bad.append((key, seed, n, who, x, "one", one.group, legal))
                finally:
                    tg.on, tg.user, tg.name = False, None, None
print(rows > 3000, kept > 2000, onesided > 50, bad[:3])
"""


def test_at_distance_reads_each_roles_distance_from_the_user_pure_and_as_built():
    assert run_both(AT) == "True True True []"
