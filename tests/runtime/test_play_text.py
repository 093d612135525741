"""What `sgs play` shows a person: the events in progress, cards, the options' texts."""
from __future__ import annotations

import pytest

from compiler.play import answer_text, card_text, situation_text, value_text
from core import engine as E
from core.decision import Decision
from core import prims as P
from core.agents import HumanAgent, RandomPlayer

M = pytest.importorskip("generated.identity")


def play_until(seed, want):
    """A seeded random-player game stepped until ``want(g, decision)``; the game, decision."""
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)
    bot = RandomPlayer(seed)
    while True:
        r = g.step()
        assert isinstance(r, Decision), "the game ended before the wanted decision"
        if want(g, r):
            return g, r
        g.answer(bot.choose(g, r))


def in_event(g, name):
    t = P._T(g)
    return [f for f in g.stack if t.event_of.get(f.prog) == name]


def test_situation_names_the_use_being_resolved():
    g, d = play_until(3, lambda g, d: bool(in_event(g, "对当前目标的使用结算")))
    f = in_event(g, "对当前目标的使用结算")[-1]
    user, card, target = f.slots[0], f.slots[1], f.slots[2]
    text = situation_text(g)
    assert text.startswith("进行中：")
    general = P.general_of(g, user)[0]
    assert f"使用者：{user}号{general}" in text
    assert f"此牌：{card_text(g, card)}" in text
    assert f"当前目标：{target}号{P.general_of(g, target)[0]}" in text
    assert text.rstrip("）").endswith(P.general_of(g, target)[0])   # the innermost event is last


def test_situation_is_empty_before_the_first_event():
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0, start=False)
    assert situation_text(g) == ""


def test_card_texts():
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    c = next(i for i, card in enumerate(g.cards) if g.rs.card_names[card.name] == "无中生有")
    assert card_text(g, c).endswith("【无中生有】") and card_text(g, c)[0] in "♠♣♥♦"
    # a virtual 【杀】 standing for that card (〖武圣〗): its name and its physical card
    v = P._new_vcard(g, g.rs.id_of("card", "杀"), (c,))
    assert card_text(g, v) == "【杀】(" + card_text(g, c) + ")"
    assert value_text(g, "牌名", g.rs.id_of("card", "桃")) == "【桃】"
    assert value_text(g, "角色", -1) == "无"
    assert value_text(g, "真假", False) == "否"
    assert value_text(g, "区域", (E.Z_HAND, 2)).endswith("的手牌区")


def test_option_decisions_show_their_texts():
    g, d = play_until(5, lambda g, d: d.kind == E.D_OPTION and d.prompt.startswith("使用："))
    shown = []
    agent = HumanAgent(input_fn=lambda _: "1", print_fn=shown.append)
    agent.choose(g, d)
    names = d.prompt.split("：", 1)[1].split("/")
    assert d.data == names
    assert [line.split(") ", 1)[1] for line in shown if ") " in line] == names


def test_player_choices_show_seats_and_generals():
    g, d = play_until(3, lambda g, d: d.kind == E.D_PLAYERS)
    shown = []
    HumanAgent(input_fn=lambda _: "1", print_fn=shown.append, names=answer_text).choose(g, d)
    labels = [line.split(") ", 1)[1] for line in shown if ") " in line]
    assert labels == [f"{p}号{P.general_of(g, p)[0]}" for p in d.options]


def test_cards_hidden_from_the_viewer_stay_face_down():
    g, _ = play_until(1, lambda g, d: g.turn_no > 0)   # hands dealt
    mine, theirs = g.zone_cards(E.Z_HAND, 0)[0], g.zone_cards(E.Z_HAND, 1)[0]
    top = g.zone_cards(E.Z_DRAW)[-1]
    assert card_text(g, mine, 0) == card_text(g, mine) and "【" in card_text(g, mine, 0)
    assert card_text(g, theirs, 0) == f"1号{P.general_of(g, 1)[0]}的一张手牌"
    assert card_text(g, top, 0) == "一张牌" and card_text(g, top, 1) == "一张牌"
    assert card_text(g, theirs, 1) == card_text(g, theirs)     # its owner sees it
    # choosing among another role's hand cards (过河拆桥): the options are face down
    d = Decision(E.D_CARDS, 0, list(g.zone_cards(E.Z_HAND, 1)), prompt="选择一张牌")
    assert {answer_text(g, d, c) for c in d.options} == {f"1号{P.general_of(g, 1)[0]}的一张手牌"}
    # an event moving them names them face down too
    assert "【" not in value_text(g, "牌组", list(g.zone_cards(E.Z_HAND, 1)), 0)
