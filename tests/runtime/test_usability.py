"""The usability scans' shortcuts (core.prims _usable …): the card-use skill resumes the scan
of its condition only while nothing happened since, the conversion skills are tried only for
their card names, a status rule is read only by the queries about its owner."""
import sys
from types import SimpleNamespace

import pytest

import generated.identity as M
from compiler import ir
from compiler.emit import program_owner_args
from compiler.pretests import _required_names
from core import engine as E
from core.decision import Decision
from core import prims as P
from core.rng import Rng


def _use_decision(seed):
    """A uniform game run up to a decision offering a hidden card-use skill; (game, decision,
    the skill id)."""
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)
    rng = Rng(seed)
    for _ in range(100000):
        d = g.step()
        assert isinstance(d, Decision)
        if d.kind == E.D_TRIGGER:
            uses = [o for o in d.options if g.rs.skills[o].name.startswith("<使用牌>")]
            if uses:
                return g, d, uses[0]
        g.answer(d.sample(rng))
    raise AssertionError("no card-use decision")


def _kept(k):
    """The kept scan's fields (usable._ScanKept), or None when none is kept."""
    if k.g is None:
        assert k.ev is None and k.sc is None   # what it held released
        return None
    return (k.g, k.ev, k.t, k.owner, k.sc, k.i, k.serial, k.steps, k.pushed, k.popped)


def test_use_run_resumes_the_scan_of_its_condition():
    g, d, sid = _use_decision(1000)
    k = P._kept_scan()
    r = _kept(k)
    assert r is not None and r[0] is g and r[3] == d.who
    assert (r[6], r[7], r[8], r[9]) == (g.serial, g.steps, g.pushed, g.popped)
    full = P._usable(g, d.who, r[1], r[2])
    # the condition stopped after the first usable card, no list made (step 279b)
    assert full and r[5] >= 1 and r[4].at.pairs[r[5] - 1] == full[0]
    g.answer(sid)
    g.step(1)                            # the dispatcher fires the skill (pushes its frame)
    f = g.stack[-1]
    assert f.skill == sid and f.pc == 0 and _kept(k) == r
    g.step(1)                            # _use_run at pc 0
    assert _kept(k) is None
    # its options in its own field, no scratch list made for them (step 160)
    assert f.x is None and f.y == full


def test_use_run_options_survive_a_clone_mid_question():
    """_use_run keeps its options in its frame's y across its question (step 160): a clone taken
    at that question answers as the game does, the clone's frame holding a copy of them."""
    for seed in range(1000, 1100):
        g, d, sid = _use_decision(seed)
        g.answer(sid)
        d = g.step()
        f = g.stack[-1]
        if isinstance(d, Decision) and f.skill == sid and f.pc == 1:
            break
    else:
        raise AssertionError("no question of a card-use skill with several options")
    c = g.clone()
    cf = c.stack[-1]
    assert cf.y == f.y and cf.y is not f.y and cf.x is None
    for h in (g, c):
        h.answer(len(f.y) - 1)
        h.step(1)
    assert [(x.prog, x.owner, x.pc, x.slots) for x in c.stack] == \
        [(x.prog, x.owner, x.pc, x.slots) for x in g.stack]
    # the need event of the option answered (the last): its seat and card name, its context
    # (in the need frame's field y since step 161, decision 0133)
    for h in (g, c):
        assert list(h.stack[-1].slots[:2]) == [d.who, f.y[-1][0]] and h.stack[-1].y is not None


def test_the_options_labels_are_made_at_their_length():
    """Step 279a: _use_run's question's labels (its data) a list made at its length, not grown
    by appends from empty (a list of 2 or 3 grown so has room for 4)."""
    seen = 0
    for seed in range(1000, 1100):
        g, d, sid = _use_decision(seed)
        g.answer(sid)
        d = g.step()
        f = g.stack[-1]
        if isinstance(d, Decision) and f.skill == sid and f.pc == 1 and len(f.y) % 4:
            assert sys.getsizeof(d.data) == sys.getsizeof([None] * len(f.y)), seed
            seen += 1
    assert seen >= 3, seen


def test_a_new_scan_drops_the_kept_one():
    """A kept scan is resumed at the step after it or never: the next scan of the card-use
    skill's condition drops it even when it finds nothing, so that the record holds neither
    its event frame (a 濒死, whose cycle with its 伤害 step 130a breaks at its parent's pop only
    when nothing else holds it) nor, after the game's end, its game (step 141)."""
    g, d, sid = _use_decision(1000)
    k = P._kept_scan()
    r = _kept(k)
    assert r is not None and r[0] is g
    ev = r[1]
    other = (ev.subject + 1) % g.n if isinstance(ev.subject, int) else 0
    # the idle point of a seat that is not its subject: nothing usable, no scan state
    assert not P._use_cond(g, other, ev, g.rs.sgs.idle)
    assert _kept(k) is None


def test_the_last_scan_of_a_game_does_not_keep_it():
    """The last of `sgs bench --what instructions`' games kept its game alive through the
    interpreter's exit, where three full collections walked it and its rule set (step 141)."""
    g = P.new_game(M, 5, seed=1002, deck="标准版加军争", log_level=0)
    g.run_random(1002)
    assert g.result is not None and P._kept_scan().g is not g


def _stopped_scan_and_frame(seed):
    """The record of a stopped scan and a frame made as _fire_skill makes it, with the game's
    counters advanced as the dispatcher's step and the frame's own step advance them."""
    g, d, sid = _use_decision(seed)
    r = _kept(P._kept_scan())
    sk = g.rs.skills[sid]
    f = g.new_frame(sk.prog, d.who, r[1], -1)
    f.skill = sid
    f.a = r[2]
    g.pending = None
    g.push_frame(f)
    g.steps += 2
    return g, r, f


def test_resume_is_refused_once_anything_ran_in_between():
    g, r, f = _stopped_scan_and_frame(1001)
    assert P._resumed(g, f) is not None       # nothing else happened: resumed
    for disturb in ("frame", "step", "pop", "owner"):
        g, r, f = _stopped_scan_and_frame(1001)
        if disturb == "frame":
            g.new_frame(0)                    # a frame created since (serial)
        elif disturb == "step":
            g.steps += 1                      # another program step ran
        elif disturb == "pop":
            g.popped += 1                     # a frame was popped (an inline run)
        else:
            f.owner = (f.owner + 1) % g.n     # another role's use
        assert P._resumed(g, f) is None, disturb
        assert _kept(P._kept_scan()) is None  # a record is used once at most


def test_a_resumed_scan_finds_what_the_whole_scan_of_its_seat_finds():
    """_resumed goes on with the kept scan from where its condition stopped, the seat given to
    _scan_from borrowed from the module's table of small ints (step 168c): what it answers is the
    whole scan's list of the frame's owner, in games whose scans find more than one pair."""
    longer = 0
    for seed in range(1000, 1012):
        g, r, f = _stopped_scan_and_frame(seed)
        got = P._resumed(g, f)
        want = P._usable(g, f.owner, f.ev, f.a)
        assert got == want, seed
        longer += len(want) > 1
    assert longer >= 3, longer


def test_a_scan_without_a_list_answers_the_index_after_the_first_usable_one():
    """Step 279b: _use_cond's scan asks only whether a card is usable, ``out`` None: _scan_from
    appends nothing and answers the index after the first usable (name, method), 0 when none is
    (as built and pure), where the condition made a list of that pair at each scan."""
    from core.prims import usable as U
    found = none = 0
    for seed in range(1000, 1006):
        g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)
        rng = Rng(seed)
        for _ in range(400):
            d = g.step()
            if not isinstance(d, Decision):
                break
            ev = g.stack[-1].ev if g.stack else None
            for p in range(g.n):
                for t in (g.rs.sgs.idle, g.stack[-1].timing if g.stack else -1):
                    sc = U._scan_begin(g, p, ev, t) if t >= 0 else None
                    if sc is None:
                        continue
                    got = []
                    i = U._scan_from(g, p, ev, t, sc, 0, got, True)
                    j = U._scan_from(g, p, ev, t, sc, 0, None, True)
                    assert j == (i if got else 0), (seed, p, t)
                    assert not got or sc.at.pairs[j - 1] == got[0]
                    found += bool(got)
                    none += not got
            g.answer(d.sample(rng))
    assert found >= 20 and none >= 20, (found, none)


def test_the_scan_takes_the_seat_as_a_c_int():
    """Step 279c: _scan_from's seat a C int (usable.pxd), as its callers _use_cond and _resumed
    have it, where they boxed it for the call and the scan unboxed it again; the seat's object
    the calls that take one need is the small ints' table's (_intbox). Any int seat answers as
    before: the other tests run the scan with Python ints."""
    import pathlib
    import re
    room = pathlib.Path(__file__).parents[2] / "core" / "prims"
    pxd, src = (room / "usable.pxd").read_text(), (room / "usable.py").read_text()
    assert re.search(r"cpdef Py_ssize_t _scan_from\(Game g, int p,", pxd)
    assert "_scan_from(g, owner, ev, t, sc, 0, None, True)" in src
    assert "_scan_from(g, f.owner, f.ev, f.a, sc, i, out, False)" in src


def _names(e):
    return _required_names(e)


def test_conversion_skill_card_names_from_its_condition():
    name = ir.PrimCall("this_card_name", ())
    sha, shan = ir.Ref("card", 11, "杀"), ir.Ref("card", 12, "闪")
    is_sha = ir.PrimCall("eq", (name, sha))
    is_shan = ir.PrimCall("eq", (shan, name))
    other = ir.PrimCall("red", ())
    # by name: a unit names cards by name, registration gives the core's ids
    assert _names(is_sha) == {"杀"}
    assert _names(is_shan) == {"闪"}
    assert _names(ir.PrimCall("or", (is_sha, is_shan))) == {"杀", "闪"}
    assert _names(ir.PrimCall("and", (other, is_sha))) == {"杀"}
    assert _names(ir.PrimCall("or", (other, is_sha))) is None    # 或 anything: any name
    assert _names(other) is None
    # the generated registration carries them (〖武圣〗: 【杀】 only)
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    sid = next(s.id for s in g.rs.skills if s.name == "武圣")
    assert P._T(g).skill_names[sid] == frozenset([g.rs.id_of("card", "杀")])


def _prog(pid, *code):
    return SimpleNamespace(id=pid, code=list(code))


def test_status_rule_owner_args_through_terms():
    you = ir.PrimCall("owner", ())
    others = ir.PrimCall("other_characters", ())
    term = _prog(2, ir.Do(ir.PrimCall("not_legal_target", (ir.SlotRef(0, "甲"), ir.SlotRef(1, "名"))), ""))
    skill = _prog(1, ir.Call(2, "t", (you, ir.Const(11)), ""))
    other = _prog(3, ir.Call(2, "t", (others, ir.Const(11)), ""))
    setter = _prog(4, ir.Set(0, others, ""), ir.Do(ir.PrimCall("not_legal_target", (ir.SlotRef(0, "甲"), ir.Const(1))), ""))
    via_setter = _prog(5, ir.Call(4, "t", (you,), ""))
    horse = _prog(6, ir.Do(ir.PrimCall("distance_minus", (ir.Implied(), others, ir.Const(1))), ""))
    loop = _prog(7, ir.Call(7, "t", (you,), ""))
    out = program_owner_args(SimpleNamespace(programs=[term, skill, other, setter, via_setter, horse, loop]))
    assert out[1] == (("not_legal_target", 0),)
    assert out[3] == ()            # the term's 甲 is someone else
    assert out[5] == ()            # the term sets the slot it got 你 in
    assert out[6] == (("distance_minus", 0),)
    assert out[7] == ()            # recursion: unknown


def test_a_distance_reads_only_the_rules_of_its_two_roles():
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    mashu = next(s.id for s in g.rs.skills if s.name == "马术")
    assert t.status_owner_at[P.Q_DIST][mashu] == (1,)   # 马术: only a distance from its owner
    g.grant_skill(0, mashu)
    assert P._query(g, P.Q_DIST, 0, 2) == -1
    assert P._query(g, P.Q_DIST, 2, 0) == 0
    assert P._query(g, P.Q_DIST, 1, 2) == 0


def test_a_granted_action_is_no_candidate_while_nobody_holds_the_granting_skill():
    """〖黄天·授〗 (every character's hidden skill standing for 〖黄天〗) is a candidate at the
    idle points only while somebody holds 〖黄天〗: its condition is not run for nobody."""
    g = P.new_game(M, 5, seed=3, deck="标准版加军争", log_level=0)   # the standard pack: no 张角
    rs = g.rs
    huangtian = rs.ids[("skill", "黄天")]
    hidden = rs.ids[("skill", "黄天·授")]
    idle = P._T(g).idle
    assert rs.skills[hidden].needs == huangtian and idle in rs.skills[hidden].timings
    # nobody has it either until somebody gains 〖黄天〗 (Games.gain_skill, decision 0017: a timing
    # only a hidden skill listens at is not generated for nobody)
    assert g.holders[hidden] == 0 and g.holders[huangtian] == 0
    P.gain_skill(g, 1, huangtian)
    g.revoke_skill(1, huangtian)
    assert g.holders[hidden] == g.n and g.holders[huangtian] == 0

    def candidates():
        g.held = None   # every timing's list recomputed
        f = g.new_frame(0, -1, None, 0)
        f.a = idle
        g._candidates(f, 0)
        return [s.id for s in g.held[idle]]

    assert hidden not in candidates()
    g.grant_skill(1, huangtian)
    # a change between none and some drops the held lists of the timings of the skills needing it
    assert g.held[idle] is None
    assert hidden in candidates()
    g.revoke_skill(1, huangtian)
    assert hidden not in candidates()


def test_a_new_scan_takes_the_dropped_state():
    """Step 158: the kept scan's state, which nothing else holds once dropped, is the next
    set-up's (usable._scan_done): a new scan of the same condition takes it again, with the same
    answer (pure and as built)."""
    g, d, sid = _use_decision(1000)
    k = P._kept_scan()
    r = _kept(k)
    assert r is not None
    sc, i = r[4], r[5]
    assert P._use_cond(g, r[3], r[1], r[2])
    again = _kept(k)
    assert again is not None and again[4] is sc and again[5] == i
    # taken, it is no longer the kept one: the next set-up makes its own
    from core.prims import usable as U
    assert U._scan_take(sc.n) is not sc
