"""cards.is_delayed_trick answered by the tables' flag per name id (docs/performance.md, step
151): a card's name id read in place — a virtual card's record, a physical card's Card — and
looked up in ``delayed_names`` (register.finish), where the card's entry was read and its
category compared. Held here to its definition (the entry's category is 延时锦囊) on every
physical card and every recorded virtual card of seeded games at many decisions, with the flags
and, for the fallback, without them."""
from core import prims as P
from core.engine import Frame
from core.prims import cards as Cards
from core.prims.base import S_VC, VBASE, _S, _T
from tests.runtime.seeded_games import states_at_decisions

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _definition(g, c):
    info = Cards._card_info(g, c)
    return info is not None and info[1] == "延时锦囊"


def test_the_flag_answers_the_entry_in_games(identity):  # noqa: F811
    f = Frame(0, 0)
    seen = {"physical": 0, "virtual": 0}
    for seed, k, g in states_at_decisions(identity, (1, 2), 500, 25, DECK):
        t = _T(g)
        assert t.delayed_names is not None and len(t.delayed_names) == len(t.card_infos)
        virtual = [VBASE + i for i in range(len(_S(g, S_VC)))]
        cards = list(range(len(g.cards))) + virtual + [P.NONE, -5, "杀", None]
        for c in cards:
            want = _definition(g, c)
            assert bool(Cards.is_delayed_trick(g, f, c)) is want, (seed, k, c)
            if want:
                seen["physical" if isinstance(c, int) and 0 <= c < VBASE else "virtual"] += 1
        # without the flags (tables not finished): the entry's category, the same answers
        flags = t.delayed_names
        t.delayed_names = None
        try:
            for c in cards:
                assert bool(Cards.is_delayed_trick(g, f, c)) is _definition(g, c), (seed, c)
        finally:
            t.delayed_names = flags
    # delayed tricks among the physical cards and among the virtual cards made
    assert seen["physical"] > 0 and seen["virtual"] > 0, seen
