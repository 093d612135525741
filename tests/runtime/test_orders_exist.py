"""cards._orders_exist and decisions.order_holds as C calls (docs/performance.md, step 273b):
〖离间〗's condition asks whether its two men can be chosen in an order its guard allows, the
roles as one tuple (compiler emit.PACKED) where the unit called P._orders_exist with *args. Held
as built and pure (SGS_PURE=1): the orders tried are the permutations' of each choice of
roles, in their order, up to the first that holds; the roles chosen are restored after each;
a value that is no choice of roles is not asked, but an empty group of roles fails (the check
asked in _roles_exist's place, its roles made once: step 273i); and the unit's call is the
room's, with no _roles_exist of its own."""
import generated.identity as M
from core import prims as P
from core.prims import base as B, cards as C, decisions as D

from seeded_games import ROOT


def _game():
    g = P.new_game(M, 5, seed=4, deck="标准版加军争", log_level=0)
    return g, g.new_frame(0, 0, None, 0)


def _guard(tried, holds):
    def guard(g, f):
        order = B._st(g)[B.S_CHOSEN]
        tried.append(order)
        return order in holds
    return guard


def test_the_orders_are_tried_in_turn_up_to_the_first_that_holds():
    g, f = _game()
    B._st(g)[B.S_CHOSEN] = ("kept",)
    pick = B.new_pick("players", (3, 1, 4), 2, 2, 0, None, None)
    tried = []
    assert C._orders_exist(g, f, _guard(tried, {(1, 3)}), (pick,))
    assert tried == [(3, 1), (3, 4), (1, 3)]
    assert B._st(g)[B.S_CHOSEN] == ("kept",)
    tried.clear()
    assert not C._orders_exist(g, f, _guard(tried, set()), (pick,))
    assert tried == [(3, 1), (3, 4), (1, 3), (1, 4), (4, 3), (4, 1)]
    assert B._st(g)[B.S_CHOSEN] == ("kept",)


def _pick(group):
    return B.new_pick("players", group, 2, 2, 0, None, None)


def test_a_choice_of_one_to_two_roles_tries_single_roles_first():
    g, f = _game()
    pick = B.new_pick("players", (2, 0), 1, 2, 0, None, None)
    tried = []
    assert C._orders_exist(g, f, _guard(tried, {(0, 2)}), (pick,))
    assert tried == [(2,), (0,), (2, 0), (0, 2)]


def test_values_that_are_no_choice_of_roles_are_not_asked():
    g, f = _game()
    cards = B.new_pick("cards", (5, 6), 2, 2, 0, None, None)
    too_few = B.new_pick("players", (1,), 2, 2, 0, None, None)
    tried = []
    assert C._orders_exist(g, f, _guard(tried, set()), (cards, 3))
    assert tried == []
    assert not C._orders_exist(g, f, _guard(tried, set()), (too_few,))
    assert not C._orders_exist(g, f, _guard(tried, {(1, 2)}), (cards, (), _pick((1, 2))))
    assert tried == []
    assert D.order_holds(g, f, _guard(tried, {(4, 0)}), [4, 0]) and tried == [(4, 0)]


def test_the_units_call_the_rooms_orders_exist_with_the_roles_as_one_tuple():
    text = (ROOT / "generated" / "identity_generals_standard.py").read_text(encoding="utf-8")
    assert "P._orders_exist(" not in text
    assert text.count("Cards._orders_exist(g, f, (lambda g, f: ") == 1
    cond = next(line for line in text.split("\n") if "Cards._orders_exist(" in line)
    assert "Roles.alive_characters(g, f))), ))" in cond.split("Cards._orders_exist(", 1)[1]
    assert "_roles_exist(" not in cond and cond.count("Roles.choose_n_characters(") == 1
