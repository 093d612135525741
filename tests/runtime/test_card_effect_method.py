"""resolving.run_card_effect (执行〔牌〕的作用效果) pushes the effect program of the card's method
(docs/performance.md "Step 228": the method a C index, its program read once): method 0 or 1 of a
card name with two methods, the first one for a method past its methods, nothing for a card of no
methods. Compiled when `sgs build` ran, else pure."""
from core import engine as E
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_the_effect_run_is_the_cards_methods_program(identity):  # noqa: F811
    from core.prims import base as B, cards as Cards, resolving as Resolving
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    t = B._T(g)
    name = next(n for n, ms in enumerate(t.name_methods) if len(ms) == 2)
    progs = [m[3] for m in t.name_methods[name]]
    assert progs[0] >= 0 and progs[1] >= 0 and progs[0] != progs[1]

    def effect(card_name, method):
        f = E.Frame(t.ev_move, 4)
        f.x = [None] * B.NX
        v = Cards._new_vcard(g, card_name, (), 3)
        B._rec(g, v)[B.V_METHOD] = method
        depth = len(g.stack)
        Resolving.run_card_effect(g, f, True, 3, v)
        if len(g.stack) == depth:
            return None
        e = g.stack[-1]
        assert f.child is e and e.ev is f and e.owner == 3
        g.stack.pop()
        return e.prog

    assert effect(name, 0) == progs[0]
    assert effect(name, 1) == progs[1]
    assert effect(name, 2) == progs[0]    # past its methods: the first
    assert effect(-1, 0) is None          # a card of no methods: nothing run
