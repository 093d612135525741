"""Step 140 of docs/performance.md: the distances kept by pair (core.held._distance, Game.dist_memo),
held to the distance asked afresh (Game.modval with the memo set aside): at every decision of
seeded games of the three rulebooks, for every two seats, the kept answer is the fresh one and
counts the same rules as having taken effect (_stats' counts by skill: a kept answer's rules are
counted again), pure and as built; a clone answers the same from a memo of its own; on the pure
engine, where base._AWAY can be set, with each equipment card away (002:22) too. 战棋's board
distance keeps none. Then by hand: a horse's skill granted and revoked, a death, a clone, and
〖马术〗 counted at each read."""
from compiler import simulate as S
from core import prims as P
from seeded_games import DECISIONS, FRESH_DISTANCE, run_python

WATCH = DECISIONS + r"""
from core.codes import EQUIP_ZONES
from core.prims import base as B, status as Status

ST_STATUS = 2   # status.ST_STATUS (a C index once built): the counts by skill id
AWAY = getattr(B, "_AWAY", None)   # the pure engine's (a C global once built)
kept = reads = aways = clones = 0
memos = {}
bad = []


def counts(g):
    return list(Status._stats(g)[ST_STATUS])

""" + FRESH_DISTANCE + r"""


def check(key, seed, n, g, a, b):
    global kept, reads
    m = g.dist_memo
    kept += m is not None and m[g.nskills + a * g.n + b] >= 0
    c0 = counts(g)
    got = g.distance(a, b)
    c1 = counts(g)
    want = fresh(g, a, b)
    c2 = counts(g)
    reads += 1
    # the same rules counted by both (by item only when a count moved: the lists are long)
    if got != want or not c0 == c1 == c2 and \
            [y - x for x, y in zip(c0, c1)] != [y - x for x, y in zip(c1, c2)]:
        bad.append((key, seed, n, a, b, got, want))


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds):
        memos[key] = memos.get(key, False) or g.dist_memo is not None
        pairs = [(a, b) for a in range(g.n) for b in range(g.n) if a != b]
        for a, b in pairs:
            check(key, seed, n, g, a, b)
        if n % 7 == 0:
            c = g.clone()
            clones += 1
            if c.dist_memo is not None or [c.distance(a, b) for a, b in pairs] != [
                    g.distance(a, b) for a, b in pairs] or (
                    c.dist_memo is not None and c.dist_memo is g.dist_memo):
                bad.append(("clone", key, seed, n))
        if AWAY is not None:
            for p in range(g.n):
                for z in EQUIP_ZONES:
                    for card in g.zone_cards(z, p):
                        AWAY[0] = (card,)
                        aways += 1
                        try:
                            for a, b in pairs:
                                if p in (a, b):
                                    check(key, seed, n, g, a, b)
                        finally:
                            AWAY[0] = ()
print(games, kept > 20000, clones > 50, AWAY is None or aways > 200, memos, bad[:3])
"""


def test_kept_distances_answer_as_the_modifiers_pure_and_as_built():
    want = "5 True True True {'identity': True, 'identity_old': True, 'zhanqi': False} []"
    for pure in (True, False):
        assert run_python(WATCH, pure=pure).strip() == want, pure


def test_a_kept_distance_forgotten_when_what_it_reads_changes():
    M, _ = S.load_engine()
    g = P.new_game(M, 4, seed=1, generals=["马超"], start=False, log_level=0)
    g.push_frame(g.new_frame(P._T(g).root, -1, None, 0))   # a root state, no flow run
    sid = {s.name: s.id for s in g.rs.skills}
    for n in (1, 2, 3):   # the first read finds the root state, the second is kept, the third
        # reads it kept: 〖马术〗 counted at each (_recount)
        assert g.distance(0, 2) == 1 and P.stats(g)["status"] == {"马术": n}
    assert g.distance(2, 0) == 2 and g.distance(2, 0) == 2
    assert g.dist_memo is not None
    g.grant_skill(0, sid["的卢"])   # a +1 horse put on
    assert g.distance(2, 0) == 3 and g.distance(0, 2) == 1
    c = g.clone()   # its own memo: the original's answers stay
    assert c.dist_memo is None and c.distance(2, 0) == 3
    c.revoke_skill(0, sid["的卢"])
    assert c.distance(2, 0) == 2 and g.distance(2, 0) == 3
    g.revoke_skill(0, sid["的卢"])   # taken off
    assert g.distance(2, 0) == 2
    g.invalidate_skill(0, sid["马术"])   # 无效
    assert g.distance(0, 2) == 2
    g.invalidate_skill(0, sid["马术"], False)
    assert g.distance(0, 2) == 1
    assert g.distance(2, 0) == 2 and g.distance(2, 0) == 2
    g.set_alive(1, False)   # a seat between them dies
    assert g.distance(2, 0) == 1
    assert g.dist_memo is not None
    P.add_lasting(g, g.stack[-1], True, 0)   # a lasting effect may answer a distance: none kept
    assert g.dist_memo is None


def test_a_new_memo_copied_from_the_last_one_made():
    # step 146b: a game of the same ruleset's tables and size copies the last memo made new
    # (status._DIST_MADE) instead of making one; the copy its own, the one kept never written
    from core.prims import base as B, status as Status
    M, _ = S.load_engine()

    def game(n, seed):
        g = P.new_game(M, n, seed=seed, generals=["马超"], start=False, log_level=0)
        g.push_frame(g.new_frame(P._T(g).root, -1, None, 0))   # a root state, no flow run
        assert g.distance(0, 2) == 1 and g.distance(0, 2) == 1   # the first finds the root state
        assert g.dist_memo is not None
        return g

    def fresh(g):   # the memo as _keep_distance makes it new: the flags, then every pair unknown
        sids = P._T(g).status_by_query[B.Q_DIST]
        at_of = P._T(g).status_owner_at.get(B.Q_DIST) or {}
        # 2: a rule answering only with its owner at the query's a or b (step 227c), else 1
        flag = {s: 2 if at_of.get(s) is not None and set(at_of[s]) <= {1, 2} else 1 for s in sids}
        return [flag.get(s, 0) for s in range(g.nskills)] + [-1] * (4 * g.n * g.n)

    g1 = game(4, 1)
    kept = Status._DIST_MADE[3]
    assert list(kept) == fresh(g1) and kept is not g1.dist_memo
    g2 = game(4, 2)   # copied: its own, answering as g1's
    assert Status._DIST_MADE[3] is kept and g2.dist_memo is not kept
    assert list(g2.dist_memo) == list(g1.dist_memo) and list(kept) == fresh(g1)
    g3 = game(5, 3)   # another size: made new
    assert list(Status._DIST_MADE[3]) == fresh(g3) and g3.dist_memo is not Status._DIST_MADE[3]
