"""RandomPlayer's state by seat (core/agents.py: lists grown to a game's seats, read and written
in place; docs/performance.md step 113d) plays as its earlier form did, which popped five dicts
by seat: the same games, answer for answer, against that form written out here."""
from core import prims as P
from core.agents import CARD_NAMES, CARD_USE, DEFAULT_WAY, END, END_PHASE, IDLE_POINT, Agent
from core.agents import RandomPlayer, play
from core.engine import EngineError
from core.rng import Rng

import generated.identity as M


def _card_use_ids(sk):
    """The ids of the hidden card-use skills (named CARD_USE + …), as a set."""
    return frozenset(i for i, s in enumerate(sk) if s.name.startswith(CARD_USE))


class _DictPlayer(Agent):
    """RandomPlayer as it was before step 113d: its per-seat state in dicts, popped."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)
        self.plan, self.others, self.cancel, self.chose, self.ending = {}, {}, {}, {}, {}
        self.answers = []

    def _random(self, d):
        v = d.sample(self.rng)
        if v is None:
            raise EngineError("no legal answer")
        return v

    def choose(self, g, d, /):
        v = self._choose(g, d)
        self.answers.append(v)
        return v

    def _choose(self, g, d):
        who, k = d.who, d.kind
        if k == 4:
            if d.prompt == IDLE_POINT:
                return self._idle(g, d)
            v = self._random(d)
            if v >= 0 and v in _card_use_ids(g.rs.skills):
                self.chose[who] = True
            return v
        if k == 1 and who in self.others and isinstance(d.prompt, str) \
                and d.prompt.startswith(CARD_NAMES):
            return self._draw(who, len(d.options), d)
        if k == 0:
            if d.prompt == END_PHASE:
                self.ending.pop(who, None)
                return 1
            if d.prompt in DEFAULT_WAY:
                if self.cancel.pop(who, False):
                    self.chose.pop(who, None)
                    return 0
                if who in self.others:
                    self.chose.pop(who, None)
                    return 1 if self._draw(who, 1, d) == 0 else 0
                if self.chose.pop(who, False):
                    return 1
        return self._random(d)

    def _idle(self, g, d):
        who = d.who
        self.others.pop(who, None)
        self.cancel.pop(who, None)
        self.chose.pop(who, None)
        plan = self.plan.pop(who, None)
        opts = d.options
        if plan is not None:
            if plan == END and d.can_pass:
                self.ending[who] = True
                return -1
            if plan in opts:
                return plan
        use = -1
        uses = _card_use_ids(g.rs.skills)
        for o in opts:
            if o in uses:
                use = o
                break
        if use >= 0:
            rest = [o for o in opts if o != use]
            if d.can_pass:
                rest.append(END)
            self.others[who] = rest
            self.chose[who] = True
            return use
        n = len(opts) + (1 if d.can_pass else 0)
        i = self.rng.below(n)
        if i < len(opts):
            return opts[i]
        self.ending[who] = True
        return -1

    def _draw(self, who, ncards, d):
        rest = self.others.pop(who)
        i = self.rng.below(ncards + len(rest))
        if i < ncards:
            return i
        self.plan[who] = rest[i - ncards]
        self.cancel[who] = d.kind == 1
        return 0 if d.kind == 1 else -1


class _Recording:
    def __init__(self, agent):
        self.agent, self.answers = agent, []

    def choose(self, g, d):
        v = self.agent.choose(g, d)
        self.answers.append(v)
        return v


def _game(seed):
    return P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)


def test_random_player_plays_as_its_dict_form_did():
    assert CARD_USE   # (the card-use skills' prefix the two forms read)
    for seed in (1, 2):
        a = _DictPlayer(seed)
        g = _game(seed)
        ra = play(g, a)
        first = (ra.winners, ra.reason, g.turn_no, g.steps, a.answers)
        b = _Recording(RandomPlayer(seed))
        g = _game(seed)
        rb = play(g, b)
        assert (rb.winners, rb.reason, g.turn_no, g.steps, b.answers) == first, seed
        assert len(b.answers) > 200   # idle points, card uses, declines among them


def test_random_player_grows_its_seats_and_keeps_them_across_games():
    p = RandomPlayer(3)
    assert p.plan == [] and p.others == []
    play(_game(3), p)
    assert len(p.plan) == len(p.others) == len(p.cancel) == len(p.chose) == 5
    assert type(p.cancel) is bytearray and type(p.chose) is bytearray   # flags as bytes (192b)
    play(_game(4), p)   # the same player again: the same lists
    assert len(p.plan) == 5
