"""Determinism, replay, illegal answers, clone, invariants, agents."""
import pytest

from core import engine as E
from core.decision import Decision
from core.rng import Rng
from core.agents import (RandomAgent, FirstLegalAgent, ScriptedAgent, ScriptError,
                         HumanAgent, play)
from core.replay import replay, ReplayMismatch, answers_of
from toy import random_toy, random_game, fired

T = random_toy(nturns=14)


def make(header):
    return random_game(T, n=header["n"], seed=header["seed"])


def play_random(seed, agent_seed, **kw):
    g = random_game(T, seed=seed, **kw)
    play(g, RandomAgent(agent_seed))
    return g


def test_same_seed_same_answers_same_log_bytes():
    a = play_random(3, 11)
    b = random_game(T, seed=3)
    play(b, ScriptedAgent(answers_of(a.log)))
    assert a.log_text().encode() == b.log_text().encode()
    assert len(a.log) > 50


def test_different_seed_differs():
    assert play_random(3, 11).log_text() != play_random(4, 11).log_text()


def test_replay_verifies_and_detects_tampering():
    a = play_random(5, 2)
    g = replay(a.log_text(), make)
    assert g.log == a.log
    lines = a.log_text().splitlines()
    k = next(i for i, l in enumerate(lines) if l.startswith('{"e":"move"'))
    lines[k] = lines[k].replace('"move"', '"mvoe"')
    with pytest.raises(ReplayMismatch):
        replay("\n".join(lines), make)


def test_illegal_answer_changes_nothing():
    g1 = random_game(T, seed=9)
    g2 = random_game(T, seed=9)
    rng = Rng(1)
    n = 0
    while True:
        r1 = g1.step()
        r2 = g2.step()
        if not isinstance(r1, Decision):
            break
        before = (g2.log_text(), [p.hp for p in g2.players], list(g2.card_zone), len(g2.stack))
        for bad in ("x", 99, [99], (), None, -5, True if r2.kind != 0 else 7):
            try:
                r2.normalize(bad)
            except E.IllegalAnswer:
                with pytest.raises(E.IllegalAnswer):
                    g2.answer(bad)
        after = (g2.log_text(), [p.hp for p in g2.players], list(g2.card_zone), len(g2.stack))
        assert before == after
        assert g2.pending is r2
        v = r1.sample(rng)
        g1.answer(v)
        g2.answer(v)
        n += 1
    assert n > 5
    assert g1.log_text() == g2.log_text()


def test_answer_without_pending_decision():
    g = random_game(T, seed=1)
    with pytest.raises(E.IllegalAnswer):
        g.answer(0)


def test_clone_is_independent():
    g = random_game(T, seed=21)
    d = g.step()
    while d.kind != E.D_PLAYERS:
        g.answer(d.legal()[0])
        d = g.step()
    c = g.clone()
    assert c.log == g.log and c.pending is not g.pending
    opts = d.options
    g.answer((opts[0],))
    c.answer((opts[-1],))
    play(g, FirstLegalAgent())
    play(c, FirstLegalAgent())
    assert g.log != c.log
    # a clone continued with the same answers gives the same log as the original
    g2 = random_game(T, seed=21)
    d = g2.step()
    while d.kind != E.D_PLAYERS:
        g2.answer(d.legal()[0])
        d = g2.step()
    c2 = g2.clone()
    g2.answer((opts[0],))
    c2.answer((opts[0],))
    play(g2, FirstLegalAgent())
    play(c2, FirstLegalAgent())
    assert g2.log == c2.log == g.log
    g.check_invariants()
    c.check_invariants()


def test_clone_remaps_frame_references():
    g = random_game(T, seed=2)
    d = g.step()
    c = g.clone()
    ids = {id(f) for f in g.stack}
    for f in c.stack:
        assert id(f) not in ids
        if f.ev is not None:
            assert id(f.ev) not in ids
    c.players[0].hp = -7
    c.zone_w(0).append(12345)   # a zone's list to write (a clone shares it until then)
    assert g.players[0].hp != -7 and 12345 not in g.zones[0]


def test_invariants_hold_in_debug_games():
    for seed in range(6):
        g = random_game(T, seed=seed, debug=True)
        r = g.run_random(seed)
        assert isinstance(r, E.GameResult)
        assert g.stack == [] and g.pushed == g.popped
        g.check_invariants()


def test_invariants_detect_corruption():
    g = random_game(T, seed=1)
    g.check_invariants()
    c = g.clone()
    c.zone_w(c.zone_id(E.Z_DISCARD)).append(0)
    with pytest.raises(E.InvariantError):
        c.check_invariants()
    c = g.clone()
    c.players[1].hp = c.players[1].maxhp + 1
    with pytest.raises(E.InvariantError):
        c.check_invariants()
    c = g.clone()
    c.stack.append(E.Frame(0, 0))
    with pytest.raises(E.InvariantError):
        c.check_invariants()


def test_run_random_matches_agent_loop_with_same_stream():
    a = random_game(T, seed=4)
    a.run_random(77)
    b = random_game(T, seed=4)
    play(b, RandomAgent(77))
    assert a.log == b.log


def test_scripted_agent_is_strict():
    g = random_game(T, seed=1)
    with pytest.raises(ScriptError) as ei:
        play(g, ScriptedAgent([]))
    assert "seat" in str(ei.value)


def test_first_legal_agent_finishes():
    g = random_game(T, seed=1)
    r = play(g, FirstLegalAgent())
    assert isinstance(r, E.GameResult)


def test_human_agent_reasks_on_bad_input():
    inputs = iter(["zzz", "9", "1 1", "", "1"])
    out = []
    h = HumanAgent(input_fn=lambda prompt: next(inputs), print_fn=out.append)
    g = random_game(T, seed=1)
    d = g.step()
    while d.kind != E.D_PLAYERS:
        g.answer(d.legal()[0])
        d = g.step()
    v = h.choose(g, d)
    assert v == (d.options[0],)
    assert any("not a number" in s for s in out)
    assert any("out of range" in s for s in out)


def test_decision_legal_and_sample():
    g = random_game(T, seed=1)
    d = Decision(E.D_CARDS, 0, [5, 6, 7, 8], 1, 2)
    d.game = g
    leg = d.legal()
    assert len(leg) == 4 + 6 and d.count() == 10
    rng = Rng(3)
    seen = set()
    for _ in range(400):
        v = d.sample(rng)
        assert v in leg
        seen.add(v)
    assert seen == set(leg)
    d2 = Decision(E.D_CARDS, 0, list(range(40)), 0, 40)
    with pytest.raises(E.TooManyAnswers):
        d2.legal()
    v = d2.sample(rng)
    assert d2.normalize(v) == v
    d3 = Decision(E.D_PLAYERS, 0, [0, 1, 2], 1, 3, valid=lambda g, v: sum(v) == 3)
    d3.game = g
    assert d3.legal() == [(1, 2), (0, 1, 2)]
    with pytest.raises(E.IllegalAnswer):
        d3.normalize((0, 1))
    assert d3.sample(rng) in d3.legal()


def test_sample_of_one_choice_draws_as_legal_does():
    """Decision.sample answers a yes/no, an option, a trigger or a response without building
    legal()'s list (when no ``valid`` filters it): the same one draw from the same count must
    give the very answer legal()[draw] gives, or seeded games would change."""
    g = random_game(T, seed=1)
    cases = [Decision(E.D_YESNO, 0), Decision(E.D_OPTION, 0, ["a", "b", "c"]),
             Decision(E.D_TRIGGER, 0, [7, 3, 9]), Decision(E.D_TRIGGER, 0, [7, 3, 9], can_pass=True),
             Decision(E.D_RESPOND, 0, [12, 40], can_pass=True), Decision(E.D_RESPOND, 0, [5]),
             Decision(E.D_TRIGGER, 0, [], can_pass=True), Decision(E.D_OPTION, 0, [])]
    for d in cases:
        d.game = g
        leg = d.legal()
        a, b = Rng(11), Rng(11)
        for _ in range(60):
            want = leg[b.below(len(leg))] if leg else None
            assert d.sample(a) == want, d
        assert a.s == b.s   # one draw each, no more
    # with a filter the draw is among the filtered answers (legal()'s path)
    d = Decision(E.D_TRIGGER, 0, [7, 3, 9], can_pass=True, valid=lambda g, v: v != 3)
    d.game = g
    rng = Rng(5)
    assert {d.sample(rng) for _ in range(100)} == {7, 9, -1}


def test_new_decision_is_the_class_call():
    """The rooms' C factory makes the decision the class call makes, its options a copy."""
    from core.decision import new_decision
    opts = [4, 8, 15]
    a = new_decision(E.D_CARDS, 2, opts, 1, 2, "弃置")
    b = Decision(E.D_CARDS, 2, opts, 1, 2, prompt="弃置")
    fields = ("kind", "who", "options", "lo", "hi", "can_pass", "prompt", "valid", "data",
              "ordered", "game")
    assert [getattr(a, k) for k in fields] == [getattr(b, k) for k in fields]
    opts.append(16)
    assert a.options == [4, 8, 15]
    c = a.copy_for(random_game(T, seed=1))
    assert [getattr(c, k) for k in fields[:-1]] == [getattr(a, k) for k in fields[:-1]]
    assert c.options is not a.options


def test_ordered_decision_counts_every_order():
    """An ordered choice (cards put on the draw pile, 001:479): each order is an answer of its own."""
    g = random_game(T, seed=1)
    d = Decision(E.D_CARDS, 0, [5, 6, 7], 0, 3, ordered=True)
    d.game = g
    leg = d.legal()
    assert d.count() == len(leg) == 1 + 3 + 6 + 6
    assert (7, 5) in leg and (5, 7) in leg
    assert d.normalize([7, 5, 6]) == (7, 5, 6)       # the order given is kept
    rng = Rng(5)
    seen = {d.sample(rng) for _ in range(600)}
    assert seen == set(leg)
    assert d.copy_for(g).ordered
    assert Decision(E.D_CARDS, 0, [5, 6, 7], 0, 3).count() == 8


def test_rng_known_values_and_range():
    r = Rng(12345)
    xs = [r.next_u32() for _ in range(5)]
    assert all(0 <= x < 2 ** 32 for x in xs)
    r2 = Rng(12345)
    assert [r2.next_u32() for _ in range(5)] == xs
    b = [Rng(7).below(10) for _ in range(3)]
    assert len(set(b)) == 1 and 0 <= b[0] < 10
    a = list(range(20))
    Rng(1).shuffle(a)
    assert sorted(a) == list(range(20)) and a != list(range(20))


def _sample_written(d, rng):
    """Decision.sample's draw of several options (no ``valid``) written out: the count drawn by
    its weight (uniformly past 2**31 - 1 answers), the indices 0..n-1 shuffled for the first j, those sorted unless ordered."""
    from core.decision import _comb, _perm
    n, total = len(d.options), d.count()
    if total >= 0x7FFFFFFF:   # too many answers: the count drawn uniformly
        j = d.lo + rng.below(min(d.hi, n) - d.lo + 1)
    else:
        r, j = rng.below(total), d.lo
        while True:
            w = _perm(n, j) if d.ordered else _comb(n, j)
            if r < w:
                break
            r -= w
            j += 1
    idx = list(range(n))
    for i in range(j):
        m = i + rng.below(n - i)
        idx[i], idx[m] = idx[m], idx[i]
    chosen = idx[:j] if d.ordered else sorted(idx[:j])
    return tuple(d.options[i] for i in chosen)


def test_sample_of_several_options_draws_as_written():
    """Decision.sample's draw of j of n options (compiled: in a C array up to 64 options, step 94
    of docs/performance.md) gives the answer its definition gives from the same draws, ordered or
    not, about the 64 options' bound."""
    g = random_game(T, seed=1)
    for n, lo, hi, ordered in ((1, 1, 1, False), (5, 1, 2, False), (5, 0, 5, True),
                               (12, 2, 4, False), (20, 1, 3, True), (30, 0, 30, False),
                               (64, 1, 5, False), (64, 60, 64, True), (65, 1, 4, False)):
        d = Decision(E.D_CARDS, 0, [100 + 7 * i for i in range(n)], lo, hi, ordered=ordered)
        d.game = g
        a, b = Rng(n + lo), Rng(n + lo)
        for _ in range(80):
            assert d.sample(a) == _sample_written(d, b), (n, lo, hi, ordered)
        assert a.s == b.s
