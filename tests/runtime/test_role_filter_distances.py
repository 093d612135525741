"""Step 211a of docs/performance.md: roles.in_attack_range and in_attack_range_one read the kept
distance and attack range (core.held's) by C calls, not through Game.distance/attack_range. Held
to the methods, pure and as built, at every second decision of seeded random-player games of the
three rulebooks: for each living seat, in_attack_range of every other living seat is those the
seat reaches by Game.attack_range >= Game.distance (无距离限制 read as the room reads it); the
【杀】's first reading (in_attack_range_one: the usability scan's) is the first legal role of the
full reading's group, alone. Step 211b: targets' C global of the kept _away_skills entry is the
module's list (Python code reads _AWAY_SKILLS)."""
from seeded_games import DECISIONS, run_python

DISTANCES = DECISIONS + r"""
from core.prims import roles as Roles, targets as Targets, turns as Turns
from core.prims.base import Pick
seen = {"reads": 0, "out": 0, "first": 0, "cut": 0}
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 2):
        ev = Turns.current_turn(g, None)
        if ev is None:
            continue
        sha = g.rs.card_names.index("杀")
        alive = tuple(p for p in range(g.n) if g.players[p].alive)
        for w in alive:
            got = list(Roles.in_attack_range(g, ev, w, alive))
            free = Roles._tc_free(g, w)
            want = [p for p in alive if p != w and (
                free or g.attack_range(w) >= g.distance(w, p))]
            seen["reads"] += 1
            seen["out"] += len(want) < len(alive) - 1
            if got != want:
                bad.append((key, seed, n, w, got, want))
            full = Targets._target_value(g, w, sha, 0, ev)
            first = Targets._target_value(g, w, sha, 0, ev, False, True)
            if isinstance(full, Pick):
                legal = [p for p in full.group if Targets._legal(g, w, sha, p, None)]
                seen["first"] += 1
                seen["cut"] += len(full.group) > 1
                if list(first.group) != legal[:1]:
                    bad.append((key, seed, n, w, "first", list(first.group), legal))
print(games, seen["reads"] > 2000, seen["out"] > 300, seen["first"] > 2000, seen["cut"] > 500,
      bad[:3])
"""


def test_role_filters_reach_by_the_games_distances_pure_and_as_built():
    for pure in (True, False):
        assert run_python(DISTANCES, pure=pure).strip() == "5 True True True True []", pure


def test_the_kept_away_skills_entry_is_the_modules_list():
    from core import prims as P
    from core.prims import targets as T
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    g.step()
    assert T._away_skills(g) == {}   # no card away: read and kept for this game
    assert T._AWAY_SKILLS[1] is g
    T._AWAY_SKILLS[1] = None
