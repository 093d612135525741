"""The use counters (docs/decisions/0045): register keeps them in lists by card name id, then by
method (t.k_used, t.k_use_phase, t.k_use_turn), read with Limits.use_counter, where dicts keyed
by (name, method) tuples were hashed at every use and use limit. The lists must name the
counters the names say; the counts a use or play adds (use._began) must be those the counters'
names give, for the card's name and each name it is a kind of. Compared at every use and play
of seeded random-player games of the three rulebooks, on the pure engine (the lists themselves:
test_hot_tables)."""
from seeded_games import run_pure, watch


WATCH = watch(r"""
from core.prims import base as B, limits as Limits, status as Status, turns as Turns, use as Use
began = Use._began


def counter(g, name):
    return g.rs.ids.get(("counter", name), -1)


def expected(g, who, c, used):
    # the counts a use or play adds, by the counters' names (the old tables' keys)
    r = B._rec(g, c)
    n, names = r[B.V_NAME], g.rs.card_names
    out = collections.Counter()
    if not (0 <= who < g.n and isinstance(n, int) and n >= 0):
        return out
    in_play = Turns._in_play_phase(g)
    for k in (n,) + Status.kinds(g).get(n, ()):
        if in_play:
            out[E.SC_TURN, counter(g, "<出牌阶段内使用或打出>" + names[k])] += 1
        turn = counter(g, "<回合内使用>%s%d" % (names[k], r[B.V_METHOD] if k == n else 0))
        if used and turn >= 0:
            out[E.SC_TURN, turn] += 1
            if in_play:
                out[E.SC_PHASE, counter(g, "<出牌阶段内使用>%s%d" % (names[k], r[B.V_METHOD] if k == n else 0))] += 1
        seen["kind"] += k != n
    return out


def counts(g, who):
    return collections.Counter({(sc, k): g.count(sc, who, k) for sc in (E.SC_PHASE, E.SC_TURN)
                                for k in range(g.K) if g.count(sc, who, k)})


def watched(g, who, c, used):
    want = expected(g, who, c, used)
    before = counts(g, who) if 0 <= who < g.n else collections.Counter()
    began(g, who, c, used)
    after = counts(g, who) if 0 <= who < g.n else collections.Counter()
    after.subtract(before)
    got = +after
    seen["used" if used else "played"] += 1
    seen["counted"] += bool(got)
    if got != want and len(bad) < 5:
        bad.append((g.rs.card_names[B._rec(g, c)[B.V_NAME]], who, used, dict(got), dict(want)))


Use._began = watched
""", 'seen["used"], seen["played"], seen["counted"], seen["kind"]')


def test_a_use_counts_what_its_counters_names_say():
    lines = run_pure(WATCH)
    games, used, played, counted, kinds = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # uses and plays were counted, and 火【杀】/雷【杀】 as 【杀】s
    assert used > 300 and played > 20 and counted > 300 and kinds > 0
