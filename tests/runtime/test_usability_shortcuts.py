"""The usability scan's shortcuts give the answers of the plain scan (docs/performance.md, step
9): a scan ends early when no card name its timing admits is in hand or reachable by a
conversion skill, and reads only the methods of
those names (t.use_index), a method's condition is read before its use limits, the
equipment a tested use needs is computed only when a conversion skill's condition asks for it
(usable._Needed), and a card's evaluated targets are read only up to as many legal ones as
its use needs (targets._has_target: the same answer and the same virtual cards created as the
options').

The reference is the scan without any of them, written out below: every method of the timing,
its use limits, its condition, every conversion skill p has (its needed equipment computed
first), the targets. It is compared with the engine's answers at
every usability question of seeded random-player games of every rulebook (the current
edition with every pack, the old edition, 战棋), on the pure engine where the runtime's
functions can be watched. The status queries the scans ask skip the seats that can own no
answering rule (step 21): held to the query over every living role the same way."""
import pytest

import generated.identity as M
from core import prims as P
from core.prims import base as B, moves as Moves, usable as U
from seeded_games import PLAY, run_pure


WATCH = r"""
import collections, sys
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
from core.prims import base as B, cards as Cards, moves as Moves, resolving as Resolving
from core.prims import limits as Limits, status as Status, targets as Targets, usable as U, use as Use
assert not E.cython.compiled


def reference(g, p, ev, tid):
    # the usable (name, method) of p at timing tid of event ev, without the shortcuts
    t = B._T(g)
    methods = t.use_methods.get(tid, ())
    if not methods or not g.players[p].alive:
        return []
    subj = B.NONE
    if ev is not None and isinstance(ev.subject, int):
        subj = ev.subject
    if tid == t.idle and subj != p:
        return []
    if ev is not None:
        fl = B._get(ev, B.X_FLAG)
        if isinstance(fl, list) and fl[0] is not None and p not in fl[0]:
            return []
    evcard = Resolving._card_of_event(g, ev) if ev is not None else None
    noresp = B._rec(g, evcard)[B.V_NORESP] if B._is_v(evcard) else ()
    hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
    conv = [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]
    out = []
    for name, mi, cond in methods:
        if any((who == p or who == B.ANY) and Cards._kind_ok(g, name, n2) for who, n2 in noresp):
            continue
        if Limits._use_limited(g, p, name, mi):
            continue
        if cond is not None and not cond.value(g, B._frame0(p, ev)):
            continue
        if name not in hand and not convertible(g, p, name, mi, ev, conv):
            continue
        v = Targets._target_value(g, p, name, mi, ev)
        if Targets._target_options_of(g, p, name, v, None) is None:
            continue
        if isinstance(v, int) and v == p and subj >= 0 and subj != p and tid != t.idle:
            continue
        out.append((name, mi))
    return out


def convertible(g, p, name, mi, ev, conv):
    # every conversion skill p has (whatever names it can produce), the equipment computed first
    cid = B._T(g).events.get("需要使用牌")
    if not conv or cid is None:
        return False
    pe = E.Frame(cid, 0)
    pe.slots = [p, name]
    pe.subject = p
    old = Moves._NEEDED[0]
    has_equipment = any(g.zone_cards(z, p) for z in E.EQUIP_ZONES)
    Moves._NEEDED[0] = Use.equipment_needed(g, p, name, mi, ev) if has_equipment else ()
    try:
        return any(sk.cond(g, p, pe, tid) for tid, sk, nm in conv)
    finally:
        Moves._NEEDED[0] = old


seen = collections.Counter()
bad = []


def check(what, got, want, g, p, tid):
    seen[what] += 1
    if got != want and len(bad) < 5:
        bad.append((what, g.rs.timing_names[tid], p, got, want))


use_cond, usable, resumed = U._use_cond, U._usable, U._resumed


def use_cond_watched(g, owner, ev, t):
    # before the condition: its scan records the game's counters for _use_run to resume it
    want = reference(g, owner, ev, t)
    check("usable", usable(g, owner, ev, t), want, g, owner, t)   # the whole list
    got = use_cond(g, owner, ev, t)
    check("use_cond", bool(got), bool(want), g, owner, t)
    return got


def usable_watched(g, p, ev, tid, first=False):
    got = usable(g, p, ev, tid, first)
    want = reference(g, p, ev, tid)
    check("usable", got, want[:1] if first else want, g, p, tid)
    return got


def resumed_watched(g, f):
    got = resumed(g, f)
    if got is not None:
        check("resumed", got, reference(g, f.owner, f.ev, f.a), g, f.owner, f.a)
    return got


def created(g, read):
    # read()'s answer, and the names of the virtual cards it created (their ids are logged)
    n = len(B._S(g, B.S_VC))
    got = read()
    return got, [r[B.V_NAME] for r in B._S(g, B.S_VC)[n:]]


has_target = Targets._has_target


def has_target_watched(g, user, name, v):
    # the options' reading of the same targets on a clone of the game: the same answer, the
    # same virtual cards created (a delayed trick's legality test may create a judged card's)
    c = g.clone()
    want = created(c, lambda: Targets._target_options_of(c, user, name, v, None) is not None)
    got = created(g, lambda: has_target(g, user, name, v))
    seen["has_target"] += 1
    seen["vcards"] += bool(want[1])
    if got != want and len(bad) < 5:
        bad.append(("has_target", g.rs.card_names[name], user, v, got, want))
    return got[0]


U._use_cond, U._usable, U._resumed = use_cond_watched, usable_watched, resumed_watched
Targets._has_target = has_target_watched
""" + PLAY + r"""
print(games, seen["use_cond"], seen["usable"], seen["resumed"], seen["has_target"], seen["vcards"])
for b in bad:
    print("DIFFERS", *b)
"""


def test_the_scan_answers_as_the_plain_scan_in_games_of_every_rulebook():
    lines = run_pure(WATCH)
    games, conds, scans, resumes, targets, vcards = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # the watch saw every kind of question, many times
    assert conds > 1000 and scans == conds and resumes > 100 and targets > 1000


# usable's marks of the methods a scan reads (C ints of the compiled room, not its attributes)
M_SKIP, M_CONVERT = 0, 2
assert (getattr(U, "M_SKIP", 0), getattr(U, "M_CONVERT", 2)) == (M_SKIP, M_CONVERT)


def test_a_name_reached_only_by_a_conversion_skill_is_not_pruned():
    """At 对当前目标生效前 only 【闪】 and 【无懈可击】 are used (their 使用时机): a role with
    neither in hand is no candidate there — unless a conversion skill of its can make one
    (〖倾国〗: a black hand card as a 【闪】), or one whose condition may hold for any card name
    (〖蛊惑〗)."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    rs, t = g.rs, P._T(g)
    window = next(k for k in t.use_methods if rs.timing_names[k] == "对当前目标生效前")
    shan, wuxie = rs.id_of("card", "闪"), rs.id_of("card", "无懈可击")
    # from the cards' 使用时机: by card name id, the indices of its methods there
    assert {nm for nm, js in enumerate(t.use_index[window]) if js} == {shan, wuxie}
    names = [m[0] for m in t.use_methods[window]]
    p = 1
    # p's hand: four cards of other names, nobody has a conversion skill
    for q in range(g.n):
        for sk in list(rs.skills):
            if g.has_skill(q, sk.id):
                g.revoke_skill(q, sk.id)
    others = [c for c in g.zone_cards(P.Z_DRAW) if g.card_name(c) not in (shan, wuxie)][:4]
    g.move(list(g.zone_cards(P.Z_HAND, p)), P.Z_DISCARD)
    g.move(others, P.Z_HAND, p)
    assert P._scan_begin(g, p, None, window) is None            # pruned: nothing to scan
    assert P._usable(g, p, None, window) == []
    for name in ("倾国", "蛊惑"):
        sid = rs.ids[("skill", name)]
        g.grant_skill(p, sid)
        sc = P._scan_begin(g, p, None, window)
        assert sc is not None, name                             # not pruned: the scan runs
        # read through the conversion skill: 〖倾国〗's 【闪】, 〖蛊惑〗's every name
        made = {shan} if name == "倾国" else {shan, wuxie}
        assert list(sc.marks()) == [M_CONVERT if nm in made else M_SKIP for nm in names]
        g.revoke_skill(p, sid)
    assert P._scan_begin(g, p, None, window) is None
    g.move([next(c for c in g.zone_cards(P.Z_DRAW) if g.card_name(c) == shan)], P.Z_HAND, p)
    assert P._scan_begin(g, p, None, window) is not None        # a 【闪】 in hand


def _card(g, name):
    nid = g.rs.id_of("card", name)
    return next(c for c in range(len(g.cards)) if g.card_name(c) == nid)


def test_the_needed_equipment_is_computed_when_asked_as_before_the_test():
    """002:29: a 【杀】 whose only targets are in range through the 【麒麟弓】 needs it (it cannot
    be the 【杀】's card). _can_convert leaves its computation to the first condition that asks
    (usable._Needed): the answer is the one computed before the test, in the registers the test
    began with, whatever registers are set when it is asked; the outer value is back after."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    sha = g.rs.id_of("card", "杀")
    bow = _card(g, "麒麟弓")
    g.move([bow], P.Z_WEAPON, 0)
    dilu = g.rs.ids[("skill", "的卢")]
    for q in (1, 4):                    # the roles at distance 1 of seat 0 are now at 2
        g.grant_skill(q, dilu)
    assert [g.distance(0, q) for q in range(1, 5)] == [2, 2, 2, 2]
    eager = P.equipment_needed(g, 0, sha, 0, None)
    assert eager == (bow,)              # without the bow's range, no target
    outer = (_card(g, "诸葛连弩"),)
    away = getattr(B, "_AWAY", None)    # a register: a C global of the compiled engine
    Moves._NEEDED[0] = outer
    try:
        lazy = U._Needed(g, 0, sha, 0, None, outer)
        Moves._NEEDED[0] = lazy
        if away is not None:
            away[0] = (bow,)            # a target evaluation without the bow is running
        busy = Moves.equipment_busy(g, None)
        assert Moves._NEEDED[0] is lazy                               # restored
        if away is not None:
            assert away[0] == (bow,)
            away[0] = ()
        assert busy == Moves._equipment_in_use(g) + eager
        assert lazy.v == eager and Moves.equipment_busy(g, None) == busy  # computed once
    finally:
        Moves._NEEDED[0] = ()


QUERIES = r"""
import collections
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
from core.prims import base as B, limits as Limits, status as Status, targets as Targets
assert not E.cython.compiled


def away_skills(g):
    # {(owner, skill id): how many of the _AWAY cards in owner's equipment give it}, afresh
    t = B._T(g)
    out = collections.Counter()
    for c in B._AWAY[0]:
        kind, owner = g.where(c)
        info = t.cards.get(g.card_name(c))
        if kind in E.EQUIP_ZONES and info is not None:
            for nm in info[4]:
                if g.rs.ids.get(("skill", nm), -1) >= 0:
                    out[(owner, g.rs.ids[("skill", nm)])] += 1
    return dict(out)


def held_of(g, sids):
    # Game.held_skills' answer computed afresh (no list kept by key or by a query's kind)
    return [sid for sid in sids if g.holders[sid] > 0]


def reference(g, kind, a, b, c):
    # the status query over every living role and every held rule (no seat skipped,
    # the equipment used as the card whose targets are chosen read afresh)
    t = B._T(g)
    s = B._state(g)
    sids = t.status_by_query[kind]
    q = [kind, a, b, c, 0]
    away = away_skills(g) if B._AWAY[0] else None
    owner_at = t.status_owner_at.get(kind)
    for p in range(g.n):
        pl = g.players[p]
        if not pl.alive:
            continue
        for sid in held_of(g, sids):
            if not g.has_skill(p, sid) or (pl.role != B.ROLE_LORD and sid in t.lord_skills):
                continue
            if away is not None and pl.has[sid] <= away.get((p, sid), 0):
                continue
            at = owner_at.get(sid) if owner_at is not None else None
            if at is not None and not any(q[i] == p for i in at):
                continue
            Status._run_status(g, sid, p, q)
    if s is not None and s[Status._LASTING_AT]:
        Status._run_lasting(g, q, s[Status._LASTING_AT])
    return q[4]


seen = collections.Counter()
bad = []
query, run_status, run_direct = Status._query, Status._run_status, Status._run_direct
ask = Status._ask
distance_answer = Status._distance_answer
runs = []   # the (rule's program, owner) each status rule run, in order
held_entry = {}   # by query kind: the last (_held_owners entry, held list) read


def run_watched(g, sid, p, q):
    runs.append((g.rs.skills[sid].prog, p))
    return run_status(g, sid, p, q)


def direct_watched(g, rule, p, q):   # a rule of one operation, without a frame (decision 0041)
    runs.append((rule[5], p))
    return run_direct(g, rule, p, q)


def distance_watched(rule, p, qa, qb):   # a distance rule of one operation, without a list
    runs.append((rule[5], p))
    return distance_answer(rule, p, qa, qb)


def watched(g, kind, a=None, b=None, c=None):
    return checked(lambda: query(g, kind, a, b, c), g, kind, a, b, c)


def ask_watched(g, kind, a, b, /):
    if (g.no_answer >> kind) & 1:   # status._ask answers from the bit, without _query (step 51)
        return checked(lambda: ask(g, kind, a, b), g, kind, a, b, None)
    return ask(g, kind, a, b)   # the _query it calls is watched


def checked(answer, g, kind, a, b, c):
    # answer(): the query's answer as the runtime gives it, held to the reference
    mark = len(runs)
    got = answer()
    got_runs = runs[mark:]
    del runs[mark:]
    want = reference(g, kind, a, b, c)
    want_runs = runs[mark:]
    del runs[mark:]
    if B._AWAY[0]:
        seen["away"] += 1   # targets._away_skills' kept answer, against a fresh one
        if Targets._away_skills(g) != away_skills(g) and len(bad) < 5:
            bad.append(("away", B._AWAY[0], Targets._away_skills(g), away_skills(g)))
    if got_runs != want_runs and len(bad) < 5:
        bad.append(("runs", kind, a, b, c, got_runs, want_runs))
    seen["queries"] += 1
    t = B._T(g)
    held = g.held_skills(kind, t.status_by_query[kind])
    if held != held_of(g, t.status_by_query[kind]) and len(bad) < 5:
        bad.append(("held", kind, held, held_of(g, t.status_by_query[kind])))
    if held:
        ent = Status._held_owners(t, kind, held)
        # the entry kept by kind (taken over by a new list of the same rules), against one
        # computed afresh for this list
        kept, t.held_owners[kind] = t.held_owners[kind], None
        fresh = Status._held_owners(t, kind, list(held))
        t.held_owners[kind] = kept
        last = held_entry.get(kind)
        seen["taken over"] += last is not None and last[0] is ent and last[1] is not held
        held_entry[kind] = (ent, held)
        if (ent[0] is not held or ent[1:] != fresh[1:]) and len(bad) < 5:
            bad.append(("entry", kind, held, ent[1:], fresh[1:]))
        bits = Status._owner_bits(a, b, c, ent[3], g.n)
        # the seats skipped although they hold a rule the query reads
        if bits >= 0 and any(not (bits >> p) & 1 and g.players[p].alive and g.has_skill(p, sid)
                             for p in range(g.n) for sid in held):
            seen["skipped"] += 1
            seen["skipped answered"] += want != 0
    if got != want and len(bad) < 5:
        bad.append((kind, a, b, c, got, want))
    return got


def distance_path_watched(path):
    # a distance path held to the reference as a whole, the _query it may call not checked again
    # inside it: status._distance (step 88a) and status._distance_of (step 103b:
    # _DistanceModifier.value's path past the bit, which no longer passes through _distance)
    def path_watched(g, a, b, /):
        def answer():
            Status._query = query
            try:
                return path(g, a, b)
            finally:
                Status._query = watched
        return checked(answer, g, B.Q_DIST, a, b, None)
    return path_watched


using, using_path = Status._using, Status._using_held


def using_watched(g, kind, a, b, /):
    if (g.no_answer >> kind) & 1:   # status._using answers from the bit, as _ask (step 89)
        return checked(lambda: using(g, kind, a, b), g, kind, a, b, None)
    return using(g, kind, a, b)   # the _using_held it calls is watched


def using_path_watched(g, kind, a, b, /):
    # status._using_held (step 89a): its answer held to the reference, the _query it may call
    # not checked again inside it; its own path runs each rule's one operation in place (no
    # _run_direct), so the rules it runs are not compared here (test_status_paths.py holds it
    # to _query with the counts of the rules that took effect)
    mark = len(runs)
    Status._query = query
    try:
        got = using_path(g, kind, a, b)
    finally:
        Status._query = watched
    del runs[mark:]
    want = reference(g, kind, a, b, None)
    del runs[mark:]
    seen["queries"] += 1
    seen["using"] += 1
    if got != want and len(bad) < 5:
        bad.append(("using", kind, a, b, got, want))
    return got


Status._query, Status._run_status, Status._run_direct = watched, run_watched, direct_watched
Status._ask = ask_watched
Status._using, Status._using_held = using_watched, using_path_watched
Status._distance = distance_path_watched(Status._distance)
Status._distance_of = distance_path_watched(Status._distance_of)
Status._distance_answer = distance_watched
""" + PLAY + r"""
print(games, seen["queries"], seen["skipped"], seen["skipped answered"], seen["away"],
      seen["taken over"], seen["using"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_a_status_query_skips_only_the_seats_that_own_no_answering_rule():
    """status._query reads the held rules of only the seats one of them may answer about when
    every held rule answers only about its owner (status._owner_bits: a distance's two ends, a
    legality query's target), and tests a rule's owner in C (status._seat_at): its answers, and
    the rules it runs in their order, are those of the query over every living role, written
    out above, at every status query of nine seeded games of the three rulebooks (status._ask's
    answers from the no-answer bit, without _query's call, included: step 51); the seats
    skipped held rules the query reads (〖马术〗, the horses' skills, 〖空城〗 …), and some of
    those answers were not 0 (a mutation that drops a distance's far end from the seats, or one
    that lets every owner test pass, is caught). The equipment used as the card whose targets
    are chosen (targets._away_skills, kept for the _AWAY tuple of one choice) is compared with
    a fresh reading at every query asked while one is set, the held rules Game.held_skills
    keeps by the query's kind (held_by_kind) with the rules somebody holds at that query, and
    what status._held_owners keeps for them with an entry computed afresh (its entry is taken
    over by a new list of the same rules: a mutation that takes it over for other rules is
    caught)."""
    lines = run_pure(QUERIES)
    games, queries, skipped, answered, away, taken_over, using = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # (> 8,000 and > 15: since step 97 _use_limited tests 不能使用's no-answer bit itself and
    # calls _using_held, not _using, so its ~2,000 bit answers (some while _AWAY is set: 18 seen) no
    # longer pass through the watched _using; test_status_paths.py holds _use_limited to the
    # use limit written out; > 3,000 since step 103: limits tests the +X's and 无次数限制's bits
    # itself, and the distance's and hand limit's modifiers their bits before _distance_of and
    # _mod_hand_limit, so those bit answers no longer pass through the watched _using/_ask: 3,512
    # seen; test_modifier_int_values.py holds the modifiers and the use limits to their references)
    # (2,576 queries, 545 skipped, 52 answered since step 140: a distance read again while
    # what it reads stays is kept, not asked)
    assert queries > 2000 and skipped > 400 and answered > 30 and away > 5   # 10 seen since 103
    assert taken_over > 50 and using > 100


def test_the_hand_cards_of_a_name_ask_kind_ok_only_of_names_that_are_a_kind():
    """use._hand_of_name asks Cards._kind_ok only about a hand card whose name is a kind of
    another (Status.kinds: 火【杀】, 雷【杀】) or about 普【名】 (a name id n written -2 - n): the
    cards it gives are those of the plain definition (the same name, or _kind_ok)."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    ids = {n: g.rs.id_of("card", n) for n in ("杀", "火杀", "雷杀", "闪", "酒")}
    hand = [_card(g, n) for n in ids]
    p = 2
    g.move(list(g.zone_cards(P.Z_HAND, p)), P.Z_DISCARD)
    g.move(hand, P.Z_HAND, p)
    from core.prims import cards as Cards, use as Use
    for name in list(ids.values()) + [-2 - ids["杀"], -2 - ids["闪"]]:
        plain = [c for c in g.zone_cards(P.Z_HAND, p)
                 if g.card_name(c) == name or Cards._kind_ok(g, g.card_name(c), name)]
        assert Use._hand_of_name(g, p, name) == plain, name
        assert Use._hand_of_name(g, p, name, True) == \
            [c for c in g.zone_cards(P.Z_HAND, p) if g.card_name(c) == name]
    sha = [g.card_name(c) for c in Use._hand_of_name(g, p, ids["杀"])]
    assert sorted(sha) == sorted([ids["杀"], ids["火杀"], ids["雷杀"]])   # the kinds of 【杀】
    assert [g.card_name(c) for c in Use._hand_of_name(g, p, -2 - ids["杀"])] == [ids["杀"]]   # 普【杀】


def test_the_scan_reads_legal_targets_up_to_those_a_use_needs_but_a_delayed_tricks_all():
    """targets._has_target, the scan's question about a card's evaluated targets, answers as
    _target_options_of(…) is not None, reading legal targets only up to as many as the use
    needs — except a delayed trick's: its legality test gives a card in a 判定区 that has no
    virtual card one, which takes the next id (logged), so all of them are read as the
    options read them. Seat 2 has a 【闪电】 in its 判定区 with no virtual card: seat 0's
    【乐不思蜀】 (any other role: seat 1 legal first) creates its virtual card as the options do
    (a mutation that stops at seat 1 creates none); a 【决斗】 creates none."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    lightning = _card(g, "闪电")
    g.move([lightning], P.Z_JUDGE, 2)
    from core.prims import targets as Targets

    def created(g, read):
        n = len(B._S(g, B.S_VC))
        got = read(g)
        return got, [r[B.V_NAME] for r in B._S(g, B.S_VC)[n:]]

    for name, want_new in (("乐不思蜀", [g.card_name(lightning)]), ("决斗", [])):
        nid = g.rs.id_of("card", name)
        v = Targets._target_value(g, 0, nid, 0, None)
        assert v.group == (1, 2, 3, 4)
        want = created(g.clone(), lambda c: Targets._target_options_of(c, 0, nid, v, None) is not None)
        assert want == (True, want_new), name
        assert created(g, lambda c: Targets._has_target(c, 0, nid, v)) == want, name


SUBJECTS = r"""
import collections
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
from core.prims import base as B, usable as U
assert not E.cython.compiled
calls = collections.Counter()
use_cond = U._use_cond


def watched(g, owner, ev, t):
    if t == B._T(g).idle:
        calls[ev is not None and ev.subject == owner] += 1
    return use_cond(g, owner, ev, t)


U._use_cond = watched
""" + PLAY + r"""
print(games, calls[True], calls[False])
"""


def test_at_an_idle_point_only_its_subject_is_scanned():
    """The card-use skill of the idle points tests in Skill.cond (C) that its owner is the idle
    point's subject, as the scan itself would (register.py sets its active_idle): the
    dispatcher asks the other roles' candidates without a scan."""
    games, subject, others = map(int, run_pure(SUBJECTS)[0].split())
    assert games == 9 and subject > 1000 and others == 0
