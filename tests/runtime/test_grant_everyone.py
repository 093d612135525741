"""Game.grant_everyone (a new game's hidden skills, core.prims.games.new_game; step 250b): every
seat's grant of each skill of a list at once leaves the game as the grants one by one leave it
(Game.grant_skill for each seat, each skill): the counts, listeners and holders, and what depends
on them forgotten alike (the seats' bits, the held lists, held_skills' lists, the conversions
and distances kept), in a game under way whose caches are warm, on clones (their tables shared
until written) — and the game then plays on the same. Pure and as built."""
from tests.runtime.seeded_games import identity_game, run_both

SCRIPT = identity_game(3) + r"""
from core.agents import RandomPlayer


def norm(v):
    # skills by id, C int arrays and tuples as lists, dicts sorted: comparable and printable
    if hasattr(v, "timings") and hasattr(v, "id"):
        return ("skill", v.id)
    if isinstance(v, dict):
        return sorted((repr(k), norm(x)) for k, x in v.items())
    if isinstance(v, (list, tuple)) or type(v).__name__ == "array":
        return [norm(x) for x in v]
    return v


def state(x):
    return norm([[p.has for p in x.players], x.listen, x.holders, x.held_seats, x.held,
                 x.held_lists, x.held_by_kind, x.no_answer, x.seat_convert, x.dist_memo])


agent = RandomPlayer(3)
for k in range(60):   # a game under way: its caches read (held lists, seats, conversions)
    g.answer(agent.choose(g, g.step()))
for p in range(g.n):   # every pair's distance kept
    for q in range(g.n):
        g.distance(p, q)
ns = len(g.rs.skills)
nobody = [s for s in range(ns) if g.holders[s] == 0]
everybody = [s for s in range(ns) if g.holders[s] == g.n]
some = [s for s in range(ns) if 0 < g.holders[s] < g.n]
# skills nobody has, one twice; skills every seat has (their counts 1 -> 2: nothing changes);
# skills some seats have
sids = nobody[:5] + nobody[:1] + everybody[:3] + some[:3]
assert len(nobody) >= 5 and everybody and some, (len(nobody), len(everybody), len(some))


# two clones of g, each played `warm` decisions alike (a clone's caches start empty: a warm
# one's are read again; a cold one's tables are still g's), then granted sids: at once, and one
# by one, seat by seat (new_game's order before)
def granted(warm):
    pair = g.clone(), g.clone()
    for x in pair:
        a = RandomPlayer(5)
        for k in range(warm):
            x.answer(a.choose(x, x.step()))
    at_once, by_one = pair
    assert warm == 0 or at_once.held is not None and at_once.held_seats is not None
    before = state(at_once)
    at_once.grant_everyone(sids)
    for p in range(by_one.n):
        for s in sids:
            by_one.grant_skill(p, s)
    assert state(at_once) == state(by_one), "the grants at once left another state"
    assert state(at_once) != before
    return pair


granted(0)
at_once, by_one = granted(15)
# both play on alike (the same questions and answers)
a1, a2 = RandomPlayer(9), RandomPlayer(9)
trail = []
for k in range(80):
    d1, d2 = at_once.step(), by_one.step()
    if d1 is None or hasattr(d1, "winners"):
        assert repr(d1) == repr(d2)
        break
    assert (d1.who, d1.kind, norm(d1.options)) == (d2.who, d2.kind, norm(d2.options))
    trail.append(d1.who)
    at_once.answer(a1.choose(at_once, d1))
    by_one.answer(a2.choose(by_one, d2))
print(len(sids), sum(at_once.holders), trail)
"""


def test_grant_everyone_leaves_the_state_the_grants_one_by_one_leave_pure_and_as_built():
    out = run_both(SCRIPT)
    assert out.split()[0] == "12", out
