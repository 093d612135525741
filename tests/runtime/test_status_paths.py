"""Step 89 of docs/performance.md: the status room's paths of their own held to their definitions,
pure and as built (the compiled room's C functions are what the games run).

* status._held_owners' entry (computed by _held_entry in one typed pass): at every third decision
  of seeded games of the three rulebooks, for every query kind somebody holds a rule of, the kept
  entry is the one written out below from the tables (each rule's owner indices, 主公技 flag, one
  operation, distance flag, their union, the two path flags, each rule's ends as bits) and its
  bytes decode to each held rule's id, ends and 主公技 flag; after a skill is granted and revoked
  too (the held lists made again);
* status._using_held (the queries of 〔a〕 using 〔b〕: the use limit's +X, 无次数限制, 不能使用) answers
  what _query answers and counts the same rules as having taken effect, for every seat (the dead,
  NONE, True and an int past a long long too) and every card name;
* status._use_limited (its rule sets' direct forms through _limit_in) answers what the use limit
  written out below answers (the query of each kind by _query, the count compared as objects),
  for every living role and every method of every card name a limit speaks for, and with the
  limit of 【杀】's rule set made an int past a long long (2**70, ±) and -1;
* core.held._skill_tests' subject test (Game.skill_ready) answers as its definition for a subject
  that is None, the owner, another role, a bool, a str and ints past a long long."""
from seeded_games import DECISIONS, identity_game, run_both

PATHS = DECISIONS + r"""
from core.prims import base as B, cards as Cards, limits as Limits, status as Status, turns as Turns

ST_STATUS = 2   # status.ST_STATUS (a C index once built): the counts by skill id
KINDS = (B.Q_USEPLUS, B.Q_UNLIMIT, B.Q_NOUSE)
seen = dict(entries=0, using=0, own=0, answered=0, limits=0, limited=0, big=0)
bad = []


def counts(g):
    return list(Status._stats(g)[ST_STATUS])


def is_using(kind, rule):
    # status._is_using_rule written out: 〔a〕 using 〔b〕 answering this kind, 〔a〕 its owner
    if rule is None or not 8 <= rule[0] <= 12:   # A_NO_USE_LIMIT … A_REGARDED_EQUIPPING
        return False
    x = rule[4]
    return Status._USING[rule[0] - 8] == kind and rule[1] & 1 != 0 and not rule[1] & 4 and (
        x is None or (type(x) is int and -(1 << 31) < x < (1 << 31)))


def entry(t, kind, held):
    # _held_owners' entry for held, written out (the list comprehensions of step 88)
    owner_at = t.status_owner_at.get(kind)
    ats = tuple([owner_at.get(sid) if owner_at is not None else None for sid in held])
    union = set()
    for at in ats:
        if at is None:
            union = None
            break
        union.update(at)
    direct = t.status_direct
    dist = tuple([kind == B.Q_DIST and Status._is_distance_rule(direct.get(sid)) for sid in held])
    return [ats, tuple([sid in t.lord_skills for sid in held]),
            tuple(sorted(union)) if union is not None else None,
            tuple([direct.get(sid) for sid in held]), dist,
            kind == B.Q_DIST and union is not None and all(dist),
            tuple([sum([1 << i for i in at]) if at is not None else 0 for at in ats]),
            all([is_using(kind, direct.get(sid)) for sid in held])]


def check_entries(g, where):
    t = B._T(g)
    for kind in range(len(t.status_by_query)):
        held = g.held_skills(kind, t.status_by_query[kind])
        if not held:
            continue
        ent = Status.held_owners(t, kind, held)
        seen["entries"] += 1
        want = entry(t, kind, held)
        info = ent[9]
        decoded = None if info is None else [
            (info[3 * k] | info[3 * k + 1] << 8, info[3 * k + 2] & 7, bool(info[3 * k + 2] & 8))
            for k in range(len(held))]
        ok = decoded == [(held[k], want[6][k], want[1][k]) for k in range(len(held))]
        if ent[0] is not held or list(ent[1:9]) != want or not ok or len(ent) != 10:
            bad.append(("entry", where, kind, held, ent[1:], want))


def limit_of(g, p, qname, mi, who, name, x, scope):
    # the use limit's rule, written out (status._limit_of before step 89: objects compared)
    if p != who or not (qname == name or Cards._kind_ok(g, qname, name)):
        return False
    t = B._T(g)
    if scope == E.SC_PHASE:
        if not Turns._in_play_phase(g):
            return False
        k = Limits.use_counter(t.k_use_phase, name, mi)
    else:
        k = Limits.use_counter(t.k_use_turn, name, mi)
    if k >= 0 and g.count(scope, who, k) >= x + Status._query(g, B.Q_USEPLUS, who, qname):
        return not (scope == E.SC_PHASE and Status._query(g, B.Q_UNLIMIT, who, qname))
    return False


def hit(g, rules, direct, p, name, mi):
    if direct is None:   # no direct form: asked as a query list (not this step's), not compared
        return None
    for r in direct:
        if mi < 0 or mi == r[0]:
            mask = r[2]
            if limit_of(g, p, name, mi, p if mask & 1 else r[3], p if mask & 2 else r[4],
                        p if mask & 4 else r[5], r[1]):
                return True
    return False


def use_limited(g, p, name, mi):
    # status._use_limited written out over the direct forms (None: a rule set without one)
    if Status._query(g, B.Q_NOUSE, p, name):
        return True
    lim = B._T(g).use_limits[name]
    if lim is None:
        return False
    if lim[0]:
        h = hit(g, lim[0], lim[2], p, name, mi)
        if h is None or h:
            return h
    for i in range(len(lim[1])):
        h = hit(g, lim[1][i], lim[3][i], p, name, 0)
        if h is None or h:
            return h
    return False


def check_using(g):
    t = B._T(g)
    names = sorted(t.cards)
    for kind in KINDS:
        for a in list(range(-1, g.n)) + [True, 1 << 70]:
            for b in names:
                before = counts(g)
                want = Status._query(g, kind, a, b)
                mid = counts(g)
                got = Status._using_held(g, kind, a, b)
                after = counts(g)
                seen["using"] += 1
                ent = t.held_owners[kind]
                if ent is not None and ent[8] is True and type(a) is int and 0 <= a < g.n:
                    seen["own"] += 1
                    seen["answered"] += want != 0
                # the same rules counted by both: each count gained as much in each call
                # (compared by item only when a count moved: the lists are long, the queries many)
                if got != want or not before == mid == after and \
                        [y - x for x, y in zip(before, mid)] != [y - x for x, y in zip(mid, after)]:
                    bad.append(("using", kind, a, b, got, want))


def check_limits(g, where):
    t = B._T(g)
    Status.kinds(g)
    for p in range(g.n):
        if not g.players[p].alive:
            continue
        for k in range(len(t.use_limits)):
            if t.use_limits[k] is None:
                continue
            for mi in range(len(t.cards[k][5])):
                want = use_limited(g, p, k, mi)
                if want is None:
                    continue
                got = bool(Limits._use_limited(g, p, k, mi))
                seen["limits"] += 1
                seen["limited"] += want
                if got != want:
                    bad.append(("limit", where, p, g.rs.card_names[k], mi, got, want))


def check_big_limits(g, where):
    # 【杀】's rule set with its limit made an int past a long long, or -1: compared as objects
    t = B._T(g)
    Status.kinds(g)
    k = g.rs.card_names.index("杀")
    lim = t.use_limits[k]
    if lim is None or not lim[2]:
        return
    for x in (1 << 70, -(1 << 70), -1):
        r = lim[2][0]
        t.use_limits[k] = (lim[0], lim[1], ((r[0], r[1], r[2] & ~4, r[3], r[4], x),) + lim[2][1:],
                           lim[3])
        try:
            for p in range(g.n):
                if g.players[p].alive:
                    want = use_limited(g, p, k, r[0])
                    got = bool(Limits._use_limited(g, p, k, r[0]))
                    seen["big"] += 1
                    if got != want:
                        bad.append(("big limit", where, p, x, got, want))
        finally:
            t.use_limits[k] = lim


for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        where = (key, seed, n)
        check_entries(g, where)
        check_using(g)
        check_limits(g, where)
        if n % 15 == 0:
            check_big_limits(g, where)
            # a skill granted and revoked: the held lists made again, the entries with them
            sid = g.rs.ids[("skill", "咆哮")] if ("skill", "咆哮") in g.rs.ids else None
            if sid is not None and not g.has_skill(0, sid):
                g.grant_skill(0, sid)
                check_entries(g, where + ("granted",))
                check_using(g)
                check_limits(g, where + ("granted",))
                g.revoke_skill(0, sid)
                check_entries(g, where + ("revoked",))
print(games, seen["entries"] > 1000, seen["using"] > 100000, seen["own"] > 1000,
      seen["answered"] > 10, seen["limits"] > 10000, seen["limited"] > 100, seen["big"] > 50,
      bad[:3])
"""


def test_the_status_paths_answer_as_their_definitions_pure_and_as_built():
    assert run_both(PATHS) == "4 True True True True True True True []"


SUBJECT = identity_game(1) + r"""
import core.engine as E
skills = [s for s in g.rs.skills if s.active_idle >= 0 and s.lord_role < 0]
asked = 0
bad = []
for s in skills[:5]:
    for owner in range(g.n):
        for v in (None, -1, owner, owner + 1, True, False, "x", 1 << 31, 1 << 70, -(1 << 70),
                  (1 << 70) + owner):
            s.probe.subject = v
            want = (-1 if v is None else v) == owner
            got = g.skill_ready(s, owner, None, s.active_idle)
            asked += 1
            if got != want:
                bad.append((s.name, owner, v, got, want))
        s.probe.subject = None
print(len(skills) > 0, asked, bad[:3])
"""


def test_the_subject_test_compares_any_subject_as_its_definition_pure_and_as_built():
    out = run_both(SUBJECT)
    ok, asked, bad = out.split(" ", 2)
    assert ok == "True" and int(asked) > 100 and bad == "[]", out
