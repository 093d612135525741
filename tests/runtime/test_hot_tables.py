"""The runtime's tables by program and by timing (docs/decisions/0028): the lists the hot paths
index say what the dictionaries and sets they stand for say, for every program and timing of
every rulebook (identity, its old edition, 战棋). A registration that fills one and not the other
would make the fast path answer differently from the general one without any game failing
loudly; this compares them entry by entry. Compiled when `sgs build` ran, else pure."""
import pytest

from compiler.rulebooks import RULEBOOKS
from core.prims import base as B, register as R, limits as Limits, status as Status


@pytest.fixture(scope="module", params=[rb.key for rb in RULEBOOKS])
def tables(request):
    rb = [r for r in RULEBOOKS if r.key == request.param][0]
    rs = R.new_ruleset()
    rb.module().register(rs)
    R.finish(rs)
    return rs, R.tables(rs)


def test_the_phase_ids_kept_name_their_phases(tables):
    """register.finish keeps the id of each phase the phase primitives name (turns._PHASE_KEYS):
    each id names its phase; a phase the rulebook lacks (战棋 has no 判定阶段) is its word."""
    from core.prims import turns as Turns
    rs, t = tables
    assert len(t.phase_ids) == len(Turns._PHASE_KEYS)
    for ph, key in zip(t.phase_ids, Turns._PHASE_KEYS):
        if key in rs.ids:
            assert ph == rs.ids[key] and rs.phase_names[ph] == key[1], key
        else:
            assert ph == key[1], key
    assert t.phase_ids[0] == rs.ids[("phase", "出牌阶段")]   # every rulebook has a play phase


def test_program_tables_say_what_the_dicts_say(tables):
    rs, t = tables
    n = len(rs.progs)
    assert n > 0
    kinds = set()
    for cid in range(-1, n + 2):
        kind = t.prog_kind.get(cid)
        kinds.add(kind)
        assert B._prog_kind(t, cid) == (B.PK_NONE if kind is None else B.PROG_KINDS.index(kind)), cid
        name = t.event_of.get(cid)
        assert B._prog_evi(t, cid) == (B.EVENT_IDS.index(name) if name in B.EVENT_IDS else B.EVI_NONE), cid
        assert B._prog_phase(t, cid) == t.phase_event.get(cid, -1), cid
        ev = 0 <= cid < len(t.prog_is_ev) and t.prog_is_ev[cid]
        assert bool(ev) == (kind in ("event", "mode")), cid
    assert {"event", "skill", "term"} <= kinds
    assert t.ev_turn == t.events.get("回合", -2)
    assert t.ev_move == t.events.get(B.EV_CARD_MOVE, -2)
    assert t.phase_event and t.event_of    # the comparison above compared something
    # each event the rooms test frames for that the rulebook has (战棋 has no 拼点) is its
    # program's id; the ones of use, damage and judgement every rulebook has
    have = [name for name in B.EVENT_IDS if name in t.events]
    assert [B._prog_evi(t, t.events[name]) for name in have] == [B.EVENT_IDS.index(n) for n in have]
    assert {"使用", "对当前目标的使用结算", "需要使用牌", "伤害", "判定"} <= set(have)


def test_program_tables_are_c_int_arrays_read_by_program(tables):
    """Step 52: the four tables by program id are C int arrays (_by_prog reads them as C data
    when compiled), and _by_prog and _event_ctx answer their definitions for every program id,
    past the tables' ends included: an item, or the answer for a program without the entry;
    a frame of an event or mode program is its own event context, any other its event's."""
    import array
    from core import engine as E
    rs, t = tables
    n = len(rs.progs)
    tabs = (t.prog_kinds, t.prog_evis, t.prog_phases, t.prog_is_ev)
    for a in tabs:
        assert type(a) is array.array and a.typecode == "i"
    g = E.Game(rs, 4, seed=1)
    outer = E.Frame(t.root, 0)
    for cid in range(-3, n + 3):
        for a in tabs:
            assert B._by_prog(a, cid, -7) == (a[cid] if 0 <= cid < len(a) else -7), cid
        f = E.Frame(cid, 0)
        f.ev = outer
        own = t.prog_kind.get(cid) in ("event", "mode")
        assert B._event_ctx(g, f) is (f if own else outer), cid


def test_timing_table_says_what_the_set_says(tables):
    """flow.fire reads whether a card's flow rules name its timing from flow_rule_at, a C int
    array by timing id (step 69), through _by_prog (0 past its end): bit 1; bit 2 is the idle
    point's alone (step 148a: fire's quiet path refuses a nonzero item)."""
    import array
    rs, t = tables
    n = len(rs.timing_names)
    assert type(t.flow_rule_at) is array.array and t.flow_rule_at.typecode == "i"
    assert len(t.flow_rule_at) == n
    assert [x for x in range(n) if t.flow_rule_at[x] & 1] == sorted(t.flow_rule_timings)
    assert [x for x in range(n) if t.flow_rule_at[x] & 2] == [t.idle]
    assert not [x for x in range(n) if t.flow_rule_at[x] & ~3]
    for x in range(-3, n + 3):
        assert (B._by_prog(t.flow_rule_at, x, 0) & 1 != 0) == (x in t.flow_rule_timings), x
    assert t.flow_rule_timings    # the cards' flow rules (【五谷丰登】 …) are in every rulebook


def test_each_phases_previous_phase_is_the_one_before_it_in_the_turn(tables):
    """phase_prev (step 69: phase_before_timing_exists reads it, where it walked phase_list) is,
    for every phase id and past the table's end, the phase before it in the turn's order, or -1
    for the first phase and for an id that is no phase of the turn."""
    import array
    rs, t = tables
    order = t.phase_list
    assert type(t.phase_prev) is array.array and t.phase_prev.typecode == "i"
    assert len(order) >= 5   # 战棋 has no 判定阶段
    for a in range(-3, len(rs.phase_names) + 3):
        want = order[order.index(a) - 1] if a in order[1:] else -1
        assert B._by_prog(t.phase_prev, a, -1) == want, a


def test_a_game_without_runtime_tables_is_refused():
    """The rooms read the tables through base._T, which tests the ruleset's type by pointer and
    then reads its field through an unchecked cast: a game of the core's own Ruleset (no tables)
    is a TypeError, compiled and pure, never a read of a field it does not have."""
    import pytest
    from core import engine as E, prims as P
    from core.ruleset import Ruleset

    g = E.Game(Ruleset(), 2, seed=1, log_level=0)
    with pytest.raises(TypeError, match="P.new_ruleset"):
        P._T(g)


def test_the_use_counters_lists_name_their_counters(tables):
    """register keeps the use counters by card name id, then by method (decision 0045):
    each entry is the counter its name says."""
    rs, t = tables
    names = rs.card_names
    assert len(t.k_used) == len(t.k_use_phase) == len(t.k_use_turn) == len(names)
    for n, name in enumerate(names):
        assert rs.counter_names[t.k_used[n]] == "<出牌阶段内使用或打出>" + name
        methods = len(t.cards[n][5]) if n in t.cards else 1
        assert len(t.k_use_phase[n]) == len(t.k_use_turn[n]) == methods, name
        for mi in range(methods):
            assert rs.counter_names[t.k_use_phase[n][mi]] == "<出牌阶段内使用>%s%d" % (name, mi)
            assert rs.counter_names[t.k_use_turn[n][mi]] == "<回合内使用>%s%d" % (name, mi)
            assert Limits.use_counter(t.k_use_phase, n, mi) == t.k_use_phase[n][mi]
            assert Limits.use_counter(t.k_use_turn, n, mi) == t.k_use_turn[n][mi]


def test_a_name_or_method_without_a_use_counter_has_none(tables):
    rs, t = tables
    sha = rs.id_of("card", "杀")
    last = len(t.k_use_turn[sha])
    for name, mi in ((-1, 0), (len(rs.card_names), 0), (sha, last), (sha, -1), (sha, None)):
        assert Limits.use_counter(t.k_use_turn, name, mi) == -1, (name, mi)


def test_card_flow_rules_are_kept_by_their_int_key(tables):
    """Step 88b: a card's flow rules (【五谷丰登】's 亮出 …) are kept by one int,
    register._flow_rule_key(name id, method, timing id, timings), which flow._after_fire computes
    in C (its bound of methods is register.FLOW_RULE_METHODS's): every flow rule of every card
    name's method is at its key, in its order, and nothing else; a method past the bound raises at
    registration. (flow's side computed with another bound fails tests/rulings' 五谷丰登 rulings:
    the mutation check of step 88b.)"""
    rs, t = tables
    n = len(rs.timing_names)
    want = {}
    for name in sorted(t.cards):
        ms = t.cards[name][5]
        for mi in range(len(ms)):
            for rt, kind, rc, rp, answers, direct, _own in ms[mi][4]:
                if kind == "flow":
                    key = (name * R.FLOW_RULE_METHODS + mi) * n + rt
                    assert R._flow_rule_key(name, mi, rt, n) == key
                    want[key] = want.get(key, ()) + ((rc, rp),)
    assert want and t.card_flow_rules == want
    with pytest.raises(ValueError):
        R._flow_rule_key(0, R.FLOW_RULE_METHODS, 0, n)
