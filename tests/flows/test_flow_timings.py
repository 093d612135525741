"""Flow charts as specs (issue 5): play one flow of each kind from the bundled specs and
compare the timings the engine generates with the book's list for that flow (seed 000, via
the inventory tests/flows/book_flows.yaml, never via our specs).

The engine logs every timing it fires at log_level=2 (listened or not); the recorder
notes which event frame fired each, so a flow's own timings are compared with the book and
the nested events' timings are checked where the book nests them.  Every decision is
scripted (flowkit.drive): an unexpected question fails the test.
"""
import pytest

from core import engine as E
from core import prims as P

from flowkit import ONLY, Ask, book_names, drive

MOVE = book_names("move_single")


def after(names, extra):
    """names with extra[name] inserted right after each name."""
    out = []
    for n in names:
        out.append(n)
        out.extend(extra.get(n, ()))
    return out


def without(names, *drop):
    return [n for n in names if n not in drop]


def game(mod, n, deck, hands=None, hp=None, roles=None):
    """n blank (白板) seats, no mode program, the draw pile in ``deck`` order (its top is the
    END of the list), hands/HP/roles set through the engine API; log_level=2."""
    g = P.new_game(mod, n, seed=1, mode=None, deck=deck, generals=None, hand=0,
                   shuffle=False, start=False, log_level=2)
    for p, cards in (hands or {}).items():
        g.move(cards, E.Z_HAND, p)
    for p, v in (hp or {}).items():
        g.players[p].hp = v
    for p, r in enumerate(roles or ()):
        g.players[p].role = r
    return g


def start_turns(g):
    """Push the core's turn loop (no mode program: seat 0 first)."""
    t = P._T(g)
    r = g.new_frame(t.root, -1, None, 0)
    r.y = (t.turnloop, ())
    g.push_frame(r)


def moves_only(fired):
    """The timings of nested move events, as one flat list; every one is a 移动 timing."""
    assert all(x.event == "移动" for x in fired), fired
    return [x.name for x in fired]


def second_turn(g, d):
    return g.turn_no >= 2


def pick_first(d):
    return tuple(d.options[:d.lo])


# ---------------------------------------------------------------- 1. one turn of 白板
def test_blank_turn(identity, recorder):
    """000:21-74: the 42 timings of one turn, in the book's order; nothing used, the phase
    ended at its first idle point, the discard rule applied (6 cards, limit 4)."""
    deck = [("杀", "黑桃", 7)] * 12
    g = game(identity, 2, deck)
    for p in range(2):
        g.draw(p, 4)
    start_turns(g)
    drive(g, [
        Ask(E.D_TRIGGER, 0, -1, "出牌阶段内的空闲时间点"),   # may use a 【杀】: does not
        Ask(E.D_YESNO, 0, 1),                               # 000:57 ends the phase
        Ask(E.D_CARDS, 0, pick_first),                      # 000:61 discards 2
    ], stop=second_turn)
    recorder.check_against_log(g)
    book = book_names("turn_flow")
    assert len(book) == 42
    assert recorder.turn(0) == book
    # the system steps inside the turn: 摸牌阶段 draws (000:46), 弃牌阶段 discards (000:61)
    for phase, end in (("摸牌阶段", "摸牌阶段结束时"), ("弃牌阶段", "弃牌阶段结束时")):
        nested = recorder.between(recorder.turn_index(phase), recorder.turn_index(end))
        assert moves_only(nested) == MOVE
    assert len(g.zone_cards(E.Z_HAND, 0)) == 4
    assert len(g.zone_cards(E.Z_DISCARD)) == 2
    # the next turn starts at its 回合开始后❶ (000:74)
    assert recorder.turn(1)[0] == "回合开始后❶"


# ---------------------------------------------------------------- 2. one damage
def test_damage(identity, recorder):
    """000:394-421, 2 points from seat 0 to seat 1 (no skills)."""
    g = game(identity, 2, [("杀", "黑桃", 7)] * 4)
    P.run_event(g, "伤害", (0, 1, 2, P.NAT_NONE, None, False))
    assert drive(g, []).reason == "flow ended"
    recorder.check_against_log(g)
    # 000:415-417: "造成/受到1点伤害后" once per point, after the once-per-damage timing
    # (a timing of its own in our specs: see test_timings_report.DERIVED)
    assert recorder.of("伤害") == after(book_names("damage"), {
        "造成伤害后": ["造成1点伤害后"] * 2, "受到伤害后": ["受到1点伤害后"] * 2})
    # 000:412: after 受到伤害时❸ the deduct-HP event (000:435-447), then 造成伤害后
    nested = recorder.between(recorder.index("伤害", "受到伤害时❸"),
                              recorder.index("伤害", "造成伤害后"))
    assert [x.name for x in nested] == book_names("deduct_hp")
    assert {x.event for x in nested} == {"扣减体力"}
    assert g.players[1].hp == 2


# ---------------------------------------------------------------- 3. 【杀】 answered by 【闪】
def test_sha_answered_by_shan(identity, recorder):
    """000:130-186 twice: seat 0 uses 【杀】 on seat 1 at an idle point of its 出牌阶段;
    seat 1 uses 【闪】 at 对当前目标生效前 (000:168); the 【杀】 is offset: 被抵消后 instead of
    生效时/生效后 (000:171); the 【闪】's own use flow nests inside 生效前."""
    deck = [("杀", "黑桃", 7), ("闪", "红桃", 2)] + [("桃", "红桃", 9)] * 6
    g = game(identity, 2, deck, hands={0: [0], 1: [1]})
    start_turns(g)
    drive(g, [
        Ask(E.D_TRIGGER, 0, ONLY, "出牌阶段内的空闲时间点"),   # uses the 【杀】
        Ask(E.D_YESNO, 0, 1),                                # need-to-use: the default way
        Ask(E.D_TRIGGER, 1, ONLY, "对当前目标生效前"),        # responds with the 【闪】
        Ask(E.D_YESNO, 1, 1),
        Ask(E.D_YESNO, 0, 1),                                # next idle point: ends the phase
    ], stop=second_turn)
    recorder.check_against_log(g)
    use = book_names("use_card")
    sha_use, shan_use = recorder.frames("使用")
    sha_t, shan_t = recorder.frames("对当前目标的使用结算")
    # the 【杀】: one target, offset
    assert recorder.of(None, frames=[sha_use, sha_t]) == without(use, "对当前目标生效时", "对当前目标生效后")
    # the 【闪】 (its target is the 【杀】, 000:123): not offset
    assert recorder.of(None, frames=[shan_use, shan_t]) == without(use, "被抵消后")
    # 000:168-171: the 【闪】's need-to-use and use flows run inside the 【杀】's 生效前
    i = recorder.index("对当前目标的使用结算", "对当前目标生效前", 0)
    j = recorder.index("对当前目标的使用结算", "被抵消后", 0)
    inner = recorder.between(i, j)
    assert [x.name for x in inner if x.event == "需要使用牌"] == book_names("need_use")
    assert [x.name for x in inner if x.event in ("使用", "对当前目标的使用结算")] == \
        without(use, "被抵消后")
    # 000:133 the physical card goes to the 处理区 before 声明使用牌后; 000:251 the default
    # move to the 弃牌堆 after 使用结算结束后❸
    k = recorder.index("使用", "声明使用牌后", 0)
    assert moves_only(recorder.fired[k - len(MOVE):k]) == MOVE
    k = recorder.index("使用", "使用结算结束后❸", 0)
    assert moves_only(recorder.fired[k + 1:k + 1 + len(MOVE)]) == MOVE
    # 000:55: after the use event the flow goes on at the NEXT idle point of the phase
    turn = recorder.turn(0)
    assert turn == after(book_names("turn_flow"), {"出牌阶段内的空闲时间点": ["出牌阶段内的空闲时间点"]})
    a = recorder.turn_index("出牌阶段内的空闲时间点", 0, 0)
    b = recorder.turn_index("出牌阶段内的空闲时间点", 0, 1)
    assert recorder.fired.index(next(x for x in recorder.fired if x.frame == sha_use)) in range(a, b)
    assert g.players[1].hp == 4
    assert sorted(g.zone_cards(E.Z_DISCARD)) == [0, 1]


# ---------------------------------------------------------------- 4. one judgement
def test_judgement(identity, recorder):
    """000:380-392; 判定时: the top card of the draw pile is revealed as the judge card."""
    g = game(identity, 2, [("杀", "黑桃", 7)] * 3)
    P.run_event(g, "判定", (0,))
    assert drive(g, []).reason == "flow ended"
    recorder.check_against_log(g)
    assert recorder.of("判定") == book_names("judge")
    # reading: the revealing (a move to the 处理区) is done by the system at 判定时, after
    # the skills of 判定时 (000:382 lists it first; 〖咒缚〗's delayed effect, which would
    # replace the judge card, is not in the declared packs)
    nested = recorder.between(recorder.index("判定", "判定时"), recorder.index("判定", "成为判定牌后"))
    assert moves_only(nested) == MOVE
    # 000:251 the default move of the judge card to the 弃牌堆 ends the flow
    k = recorder.index("判定", "判定结算结束后")
    assert moves_only(recorder.fired[k + 1:]) == MOVE
    assert g.zone_cards(E.Z_DISCARD) == [2]


# ---------------------------------------------------------------- 5. dying, saved by 【桃】
def test_dying_saved_by_tao(identity, recorder):
    """000:496-511: seat 1 (1 HP) takes 1 damage; at 处于濒死状态时 seat 2 uses 【桃】
    (使用方法②); HP 1 > 0: the dying settlement ends (000:504)."""
    deck = [("桃", "红桃", 9)] + [("杀", "黑桃", 7)] * 3
    g = game(identity, 3, deck, hands={2: [0]}, hp={1: 1},
             roles=[P.ROLE_LORD, P.ROLE_REBEL, P.ROLE_LOYALIST])
    P.run_event(g, "伤害", (0, 1, 1, P.NAT_NONE, None, False))
    r = drive(g, [
        Ask(E.D_TRIGGER, 2, ONLY, "处于濒死状态时"),
        Ask(E.D_YESNO, 2, 1),
    ])
    assert r.reason == "flow ended"
    recorder.check_against_log(g)
    assert recorder.of("濒死") == book_names("dying")
    # 000:443: the dying flow runs inside 扣减体力, after 扣减体力后
    dying = recorder.frames("濒死")[0]
    first = next(i for i, x in enumerate(recorder.fired) if x.frame == dying)
    assert recorder.fired[first - 1].name == "扣减体力后"
    assert recorder.fired[first - 1].event == "扣减体力"
    # the 【桃】's use flow runs inside 处于濒死状态时, before 濒死结算结束后
    inner = recorder.between(recorder.index("濒死", "处于濒死状态时"),
                             recorder.index("濒死", "濒死结算结束后"))
    assert [x.name for x in inner if x.event in ("使用", "对当前目标的使用结算")] == \
        without(book_names("use_card"), "被抵消后")
    # its effect (a recover flow, 000:460-469) at 对当前目标生效后 (000:175)
    tao = [x for x in inner if x.event != "移动"]
    k = [x.name for x in tao].index("对当前目标生效后")
    assert [x.name for x in tao[k + 1:k + 4]] == book_names("recover")
    assert g.players[1].alive and g.players[1].hp == 1
    assert recorder.frames("死亡") == []


# ---------------------------------------------------------------- 6. one death
def test_death(identity, recorder):
    """000:513-549: seat 1 (内奸, 1 HP, one hand card) takes 1 damage; nobody can save it;
    the game goes on (a 反贼 lives, 000:10)."""
    deck = [("杀", "黑桃", 7)] * 4
    g = game(identity, 3, deck, hands={1: [0]}, hp={1: 1},
             roles=[P.ROLE_LORD, P.ROLE_RENEGADE, P.ROLE_REBEL])
    P.run_event(g, "伤害", (0, 1, 1, P.NAT_NONE, None, False))
    assert drive(g, []).reason == "flow ended"
    recorder.check_against_log(g)
    assert recorder.of("死亡") == book_names("death")
    # 000:504: nobody can respond: A dies (its death flow), then the dying settlement ends
    assert recorder.of("濒死") == book_names("dying")
    i = recorder.index("濒死", "处于濒死状态时")
    j = recorder.index("濒死", "濒死结算结束后")
    assert [x.name for x in recorder.between(i, j) if x.event == "死亡"] == book_names("death")
    # 000:530-535: between 死亡时 and 死亡后 the system discards its cards: one hand card, one
    # move; its empty equipment/judge zones and general-card side move nothing (no move
    # settlement without a card changing zone, 000:251); no 奖惩 for killing a 内奸 (002)
    nested = recorder.between(recorder.index("死亡", "死亡时"), recorder.index("死亡", "死亡后"))
    assert moves_only(nested) == MOVE
    assert not g.players[1].alive
    assert g.zone_cards(E.Z_DISCARD) == [0]
    # the damage flow goes on after the death (000:395)
    assert recorder.of("伤害") == after(book_names("damage"), {
        "造成伤害后": ["造成1点伤害后"], "受到伤害后": ["受到1点伤害后"]})
