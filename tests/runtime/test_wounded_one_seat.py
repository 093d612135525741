"""Step 131c of docs/performance.md: roles.wounded_characters of one seat (已受伤的你, 【桃】's
使用目标) answers its tuple or the empty one at once, without the list _regroup copies. Held to the
general path (the same seat as a group of one) and to the definition (hp below max hp), pure and
as built, for every seat at every third decision of seeded random-player games of the three
rulebooks, with wounded and unwounded seats both met."""
from seeded_games import DECISIONS, run_python

WOUNDED = DECISIONS + r"""
from core.prims import roles as Roles, turns as Turns
seen = {"wounded": 0, "whole": 0}
bad = []
for key, seeds in (("identity", range(1, 3)), ("identity_old", range(1, 2)), ("zhanqi", range(1, 2))):
    for seed, n, g in decisions(key, seeds, 3):
        f = Turns.current_turn(g, None)
        if f is None:
            continue
        for p in range(g.n):
            pl = g.players[p]
            want = (p,) if pl.hp < pl.maxhp else ()
            got = Roles.wounded_characters(g, f, p)
            general = Roles.wounded_characters(g, f, (p,))
            seen["wounded" if want else "whole"] += 1
            if type(got) is not tuple or got != want or general != want:
                bad.append((key, seed, n, p, got, general, want))
print(games, seen["wounded"] > 100, seen["whole"] > 100, bad[:3])
"""


def test_one_seat_answers_as_the_group_of_it_pure_and_as_built():
    out = {pure: run_python(WOUNDED, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False] == "4 True True []", out
