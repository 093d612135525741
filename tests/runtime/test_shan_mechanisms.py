"""The runtime mechanisms the 神话再临·山 pack added (specs/generals/山), on the identity engine:
the rulings in specs/generals/山/例.sgs play them through whole skills; these pin the
primitives' own rules (002:404-411 moving a card into the same zone, 002:405 an equipment
card into an empty slot, 002:13 losing all skills, 〖固政〗's discarded cards, 〖急袭〗's named
pile, 〖挑衅〗's attack ranges, 002:363 a phase skipped twice)."""
import pytest

from core import engine as E
from core.prims import base as B, moves as Moves, roles as Roles, turns as Turns, zones as Zones
from compiler import simulate as S

S_DECK = "标准版加军争"


@pytest.fixture(scope="module")
def engine():
    return S.load_engine()


def game(engine, generals, start=True):
    M, P = engine
    return P.new_game(M, len(generals), seed=1, mode=None, deck=S_DECK, generals=generals, hand=0, shuffle=False,
                      start=start)


def card(g, name, skip=()):
    nid = g.rs.id_of("card", name)
    return next(c for c in range(len(g.cards)) if g.cards[c].name == nid and c not in skip
                and g.where(c)[0] == E.Z_DRAW)


def test_same_zone_needs_an_empty_slot_of_that_kind(engine):
    """002:405-406: a weapon cannot go where a weapon is; armour can go to a role without one."""
    g = game(engine, [None, None, None])
    bagua, qinggang, qilin = card(g, "八卦阵"), card(g, "青釭剑"), card(g, "麒麟弓")
    g.move((bagua,), E.Z_ARMOR, 1)
    g.move((qinggang,), E.Z_WEAPON, 1)
    g.move((qilin,), E.Z_WEAPON, 2)
    assert Moves._same_zone_of(g, qinggang, 2) is None
    assert Moves._same_zone_of(g, bagua, 2) == (B.ZK_EQUIP, 2)
    assert Moves._same_zone_of(g, bagua, 1) is None          # not into its own zone
    assert bagua in Moves._movable_field_cards(g) and qinggang in Moves._movable_field_cards(g)
    assert qilin in Moves._movable_field_cards(g)              # role 0's weapon slot is empty


def test_same_zone_of_a_delayed_trick(engine):
    """002:409-410: a delayed trick only where the system could use it: no card of that name
    in the judge zone already."""
    g = game(engine, [None, None, None])
    bing1 = card(g, "兵粮寸断")
    bing2 = card(g, "兵粮寸断", skip=(bing1,))
    le = card(g, "乐不思蜀")
    g.move((bing1,), E.Z_JUDGE, 0)
    g.move((le,), E.Z_JUDGE, 1)
    g.move((bing2,), E.Z_JUDGE, 2)
    assert Moves._same_zone_of(g, bing1, 1) == (E.Z_JUDGE, 1)
    assert Moves._same_zone_of(g, bing1, 2) is None


def test_equipment_into_an_empty_slot_only(engine):
    """002:405 (〖直谏〗): the roles whose slot of the card's kind is empty."""
    g = game(engine, [None, None, None])
    bagua, renwang = card(g, "八卦阵"), card(g, "仁王盾")
    g.move((bagua,), E.Z_HAND, 0)
    g.move((renwang,), E.Z_ARMOR, 1)
    assert Moves._equip_slot_takers(g, bagua, (1, 2)) == (2,)
    # in the frame a skill's condition reads it (B.probe: 〖直谏〗 offered only with a taker);
    # base's _PROBE itself is a C global of the compiled room (base.pxd), not a Python name
    probe = B.probe(g, 0, None, -1)
    assert Moves.equip_slot_free_among(g, probe, (bagua,), (1,)) is False
    assert Moves.equip_slot_free_among(g, probe, (bagua,), (1, 2)) is True


def test_losing_all_skills_keeps_the_hidden_ones(engine):
    """002:13: 张飞 loses 〖咆哮〗; the hidden skills everyone has (using cards) stay."""
    g = game(engine, ["张飞", None])
    pao = g.rs.id_of("skill", "咆哮")
    hidden = [sid for sid in range(len(g.rs.skills)) if g.players[0].has[sid] > 0 and sid != pao]
    assert g.players[0].has[pao] == 1 and hidden
    f = E.Frame(0, 0)
    Roles.lose_all_skills(g, f, True, 0)
    assert g.players[0].has[pao] == 0
    assert all(g.players[0].has[sid] > 0 for sid in hidden)


def test_named_pile_cards_are_chosen_from_the_general(engine):
    """〖急袭〗 一张“田”: only the cards on the chooser's general with that name."""
    g = game(engine, ["邓艾", None])
    t = B._T(g)
    tian = t.pile_names.index("田") if "田" in t.pile_names else None
    assert tian is not None
    c1, c2 = card(g, "杀"), card(g, "闪")
    g.move((c1,), E.Z_GENERAL, 0)
    Zones.name_general_cards(g, E.Frame(0, 0), True, tian)
    g.move((c2,), E.Z_HAND, 0)
    f = E.Frame(0, 0)
    f.owner = 0
    pk = Zones.choose_named_general_cards(g, f, 1, tian)
    assert tuple(pk.group) == (c1,)


def test_attack_range_includes(engine):
    """〖挑衅〗 攻击范围内有你的角色: in five seats, the two neighbours reach seat 0."""
    g = game(engine, [None] * 5)
    f = E.Frame(0, 0)
    assert sorted(Roles.characters_reaching(g, f, 0, (0, 1, 2, 3, 4))) == [1, 4]


def test_a_skipped_phase_is_not_skipped_again(engine):
    """002:363: once skipped, the phase reads as skipped."""
    g = game(engine, [None, None])
    f = E.Frame(0, 0)
    ph = Turns.play_phase(g, f)
    assert Turns.phase_not_skipped(g, f, ph)
    assert g.skip_phase(ph)
    assert not Turns.phase_not_skipped(g, f, ph)
    assert not g.skip_phase(ph)


def _drive_to_rest(g, answers):
    """Answer the decisions with ``answers`` (a list of callables d -> answer) in order."""
    for ans in answers:
        d = g.step()
        assert isinstance(d, E.Decision), d
        g.answer(ans(d))


def test_generals_aside_and_a_declared_skill(engine):
    """〖化身〗 (002:12, 000:514): general cards nobody plays are held aside; declaring one gives
    one of its skills (never a 主公技, 限定技 or 觉醒技) and its sex and faction; declaring
    another takes the first skill away."""
    from core.prims import identity_mode as IM
    g = game(engine, ["左慈", "刘备"])
    t = B._T(g)
    name = t.pile_names.index("化身牌")
    f = E.Frame(0, 0)
    IM.gain_generals_aside(g, f, True, 0, 3, name)
    held = list(B._st(g)[B.S_AVATAR][0][0][name])
    assert len(held) == 3 and len(set(held)) == 3
    assert g.players[0].general not in held and g.players[1].general not in held
    liubei = t.general_order.index("刘备")
    assert liubei not in held                                   # in play: not in the pool
    # every declarable skill of 刘备 would exclude 〖激将〗 (主公技)
    assert [b for b, s in IM._declarable(g, liubei)] == ["仁德"]
    zhangfei = t.general_order.index("张飞")
    IM._declare(g, 0, zhangfei, [g.rs.id_of("skill", "咆哮")])
    assert g.players[0].has[g.rs.id_of("skill", "咆哮")] == 1
    assert Roles._faction(g, 0) == "蜀" and Roles._sex(g, 0) == "男"
    daqiao = t.general_order.index("大乔")
    IM._declare(g, 0, daqiao, [g.rs.id_of("skill", "国色")])
    assert g.players[0].has[g.rs.id_of("skill", "咆哮")] == 0
    assert Roles._faction(g, 0) == "吴" and Roles._sex(g, 0) == "女"
    IM.undeclare_general(g, f, True, 0)                        # 000:514 in the death flow
    assert Roles._faction(g, 0) == "群" and Roles._sex(g, 0) == "男"


def test_awakening_skills_are_not_declarable(engine):
    from core.prims import identity_mode as IM
    g = game(engine, [None, None])
    t = B._T(g)
    assert [b for b, s in IM._declarable(g, t.general_order.index("姜维"))] == ["挑衅"]
    assert [b for b, s in IM._declarable(g, t.general_order.index("庞统"))] == ["连环"]


def _zuoci_not_the_lord(M, P):
    """A played game (log level 2) in which 左慈 is not the lord (who plays the first turn,
    000:20), its generals by seat and the lord's seat."""
    import json
    from core.agents import RandomPlayer, play
    pool = ["左慈", "曹操", "刘备", "孙权", "张飞", "关羽", "吕布", "貂蝉", "大乔", "甘宁"]
    for seed in range(1, 40):
        g = P.new_game(M, 5, seed=seed, deck=S_DECK, log_level=2, pack=pool)
        play(g, RandomPlayer(seed))
        seats = [P.general_of(g, p)[0] for p in range(5)]
        lord = next(json.loads(line)["p"] for line in g.log if '"e":"turn"' in line)
        if "左慈" in seats and seats.index("左慈") != lord:
            return g, seats, lord
    pytest.fail("no game seated 左慈 but not as the lord")


def test_game_start_skills_at_the_first_turns_third_step(engine):
    """000:26 〖化身①〗 at 回合开始后❸ of the game's first turn (000:24: the lord's, 000:20),
    whoever's turn it is: a 左慈 that is not the lord uses it in the lord's turn, and never
    again; seed 000 has no pre-game timing (no 亮出武将牌 event)."""
    M, P = engine
    g, seats, lord = _zuoci_not_the_lord(M, P)
    assert not any('亮出武将牌' in line for line in g.log)
    zuoci = seats.index("左慈")
    uses = [i for i, line in enumerate(g.log) if '"p":"技能 〖化身〗"' in line]
    assert len(uses) == 1 and f'"owner":{zuoci}' in g.log[uses[0]]
    timing = next(line for line in reversed(g.log[:uses[0]]) if '"e":"t"' in line)
    assert '"t":"回合开始后❸"' in timing
    turns = [line for line in g.log[:uses[0]] if '"e":"turn"' in line]
    assert len(turns) == 1 and f'"p":{lord},' in turns[0] and '"no":1' in turns[0]


def test_old_edition_shows_the_generals_before_the_game():
    """004:5 在游戏开始前亮出武将牌后 (the older edition): its mode runs the event once, with no
    主体; 左慈's 〖化身①〗 fires there whatever its seat, before the first turn."""
    M, P = S.load_engine("identity_old")
    g, seats, _lord = _zuoci_not_the_lord(M, P)
    shown = [i for i, line in enumerate(g.log) if '"t":"亮出武将牌后"' in line]
    assert len(shown) == 1
    assert sum('"p":"事件 亮出武将牌"' in line for line in g.log) == 1
    assert not any('"e":"turn"' in line for line in g.log[:shown[0]])
    nxt = g.log[shown[0] + 1]
    assert '"p":"技能 〖化身〗"' in nxt and f'"owner":{seats.index("左慈")}' in nxt
    assert sum('"p":"技能 〖化身〗"' in line for line in g.log) == 1
