"""Issue 16: the language the 风 and 火 packs are written in, as the compiler reads and lowers
it (the rulings in specs/generals/风|火/例.sgs check what the games do)."""
from __future__ import annotations

import pytest

from compiler import ir
from compiler.lower import Lowerer
from compiler.project import load_project


@pytest.fixture(scope="module")
def module():
    proj = load_project()
    assert proj.errors == []
    return Lowerer(proj.checker, "identity", "0123456789abcdef").run()


def skill(m, name):
    return next(s for s in m.skills if s.name == name)


def program(m, name):
    return next(p for p in m.programs if p.id == skill(m, name).program)


def calls(prog):
    """The primitive (Do) or term (Call) each instruction runs, by name."""
    out = []
    for ins in prog.code:
        if isinstance(ins, ir.Do):
            out.append(ins.call.name)
        elif isinstance(ins, ir.Call):
            out.append(ins.name)
        else:
            out.append(type(ins).__name__)
    return out


def find(e, name):
    if isinstance(e, ir.PrimCall):
        if e.name == name:
            return e
        for a in e.args:
            r = find(a, name)
            if r is not None:
                return r
    return None


def test_otherwise_after_a_semicolon(module):
    """〖不屈〗 若…，你将体力回复至1点；否则你将此“创”置入弃牌堆: the 若 jumps to the 否则 branch,
    which the first branch jumps over."""
    code = program(module, "不屈").code
    cond = next(i for i, ins in enumerate(code) if isinstance(ins, ir.JumpUnless))
    assert isinstance(code[cond + 1], ir.Call) and "将体力回复至" in code[cond + 1].name
    over = code[cond + 2]
    assert isinstance(over, ir.Jump) and code[cond].target == cond + 3
    assert isinstance(code[cond + 3], ir.Call) and "置入" in code[cond + 3].name
    assert over.target == cond + 4


def test_names_of_cards_on_a_general(module):
    assert "创" in module.names          # with the 山 pack's “田” and “化身牌”
    code = program(module, "不屈").code
    named = [ins for ins in code if isinstance(ins, ir.Do) and ins.call.name == "name_general_cards"]
    assert named and named[0].call.args[0] == ir.Ref("name", module.names.index("创"), "创")


def test_either_is_the_actors_choice(module):
    """〖强袭〗 失去1点体力或弃置一张武器牌: a choice of the operations it can execute."""
    code = program(module, "强袭").code
    choose = code[0].call
    assert choose.name == "choose_option" and choose.args[2].value == ("你失去1点体力", "弃置一张武器牌")
    assert isinstance(code[1], ir.Choose) and len(code[1].targets) == 3


def test_all_of_them_and_lasting_effects(module):
    """〖天义〗 A、B且C on 你于此回合内: three lasting effects if won, one if not."""
    lasting = [ins.call.args[0].id for ins in program(module, "天义").code
               if isinstance(ins, ir.Do) and ins.call.name == "add_lasting"]
    assert len(lasting) == 4
    progs = {p.id: p for p in module.programs}
    ops = [progs[pid].code[0].call.name for pid in lasting]
    assert ops == ["no_distance_limit", "use_limit_plus", "use_target_limit_plus", "cannot_use"]
    for pid in lasting:
        assert find(progs[pid].code[0].call, "within_this_turn") is None
        assert progs[pid].name.startswith("持续 〖天义〗")


def test_x_is_computed_where_it_is_first_read(module):
    """〖天香〗 …▶你将此伤害转移给其▷其摸X张牌（X为其已损失的体力值）: X after the transfer."""
    names = calls(program(module, "天香"))
    transfer = next(i for i, n in enumerate(names) if "转移给" in n)
    assert names.index("Set") > transfer


def test_the_role_is_chosen_before_x_reads_it(module):
    """〖节命〗 令一名角色将手牌摸至X张（X为min{其体力上限,5}）: choose, then X, then draw."""
    names = calls(program(module, "节命"))
    assert names[:3] == ["choose_characters", "Set", "〔甲：角色〕令〔乙：角色〕将手牌摸至〔X：数〕张"]


def test_a_grant_and_its_limit(module):
    hz = skill(module, "黄天")
    assert hz.grant and hz.limit == ("phase", 1) and "主公技" in hz.tags
    # 林's lord skills grant at other timings (〖颂威〗 判定结果确定后❷, 〖暴虐〗 造成伤害后), 山's
    # 〖制霸〗 at the idle points of the others' play phase; nothing else
    assert {s.name for s in module.skills if s.grant} == {"黄天", "颂威", "暴虐", "制霸"}


def test_a_skill_named_alone_is_the_one_declared(module):
    gens = {g.name: g for g in module.generals}
    assert "马术" in gens["庞德"].skills and "马术" in gens["马超"].skills
    assert len([s for s in module.skills if s.name == "马术"]) == 1


def test_packs_are_the_folders(module):
    packs = {g.name: module.packs[g.unit] for g in module.generals}
    assert packs["曹操"] == "standard" and packs["夏侯渊"] == "风" and packs["庞统"] == "火"


def test_twice_x(module):
    hl = program(module, "血裔").code
    do = next(ins for ins in hl if isinstance(ins, ir.Do) and ins.call.name == "hand_limit_plus")
    assert do.call.args[1].name == "mul" and do.call.args[1].args[0] == ir.Const(2)


def test_a_delayed_effect_keeps_its_x_and_condition(module):
    """〖双雄〗: the inner delayed effect gets X (a colour) when it is set up, holds only for a
    【决斗】 when such a hand card exists, and is offered as 〖双雄·延时〗."""
    delayed = [p for p in module.programs if p.name.startswith("延时 〖双雄〗")]
    assert len(delayed) == 2
    inner = next(p for p in delayed if p.condition is not None)
    assert inner.offered is not None and inner.offered[1] == "双雄"
    assert find(inner.condition, "this_card_name") is not None
    assert find(inner.condition, "_objects_exist") is not None
    outer = next(p for p in delayed if p is not inner)
    setup = next(ins for ins in outer.code if isinstance(ins, ir.Do) and ins.call.name == "add_delayed")
    assert setup.call.args[3].name == "color"


def test_a_slash_wording_where_both_read(module):
    """你需要使用／打出基本牌或普通锦囊牌时❸ is 使用 or 打出 (the longest split would not read)."""
    timings = [(s.name, [t.name for t in s.timings]) for s in module.skills if s.name.startswith("蛊惑")]
    assert timings == [("蛊惑", ["其需要使用此牌时❸"]), ("蛊惑·2", ["其需要打出此牌时❸"])]


def test_an_undeclared_name_is_an_error(tmp_path):
    p = tmp_path / "t.sgs"
    p.write_text("武将 测试 魏 男 4\n  〖测试〗你处于濒死状态时，你可将牌堆顶的一张牌置于你的武将牌上，称为“伤”。\n",
                 encoding="utf-8")
    proj = load_project([p])
    assert [d.code for d in proj.errors] == ["SGS106"]


def test_a_skill_named_alone_must_exist(tmp_path):
    p = tmp_path / "t.sgs"
    p.write_text("武将 测试 魏 男 4\n  〖马速〗\n", encoding="utf-8")
    proj = load_project([p])
    assert [d.code for d in proj.errors] == ["SGS104"] and "did you mean" in (proj.errors[0].hint or "")


# ---------------------------------------------------------------- 林 (docs/decisions/0017)


def test_a_status_sentence_after_a_timed_one_is_a_part_of_its_own(module):
    """〖断粮〗: the conversion at ❸, then 你使用【兵粮寸断】的距离上限+1 — a status rule 〖断粮·2〗
    (no timing, a 锁定技), not a step of the conversion."""
    conv, status = skill(module, "断粮"), skill(module, "断粮·2")
    assert conv.timings and not status.timings and "锁定技" in status.tags
    assert "use_distance_plus" not in calls(program(module, "断粮"))
    assert calls(program(module, "断粮·2"))[0] == "use_distance_plus"
    # a status skill of two sentences stays one skill (〖肉林〗, like 〖无双〗)
    assert not any(s.name == "肉林·2" for s in module.skills)


def test_the_roles_are_chosen_before_x_reads_them(module):
    """〖缔盟〗 选择两名其他角色并弃置X张牌（X为先选择的角色与后选择的角色的手牌数之差）: choose the
    two, then X, then the term with the roles chosen."""
    names = calls(program(module, "缔盟"))
    assert names[:3] == ["choose_characters", "Set", "〔甲：角色〕选择〔乙：角色组〕并弃置〔X：数〕张牌"]
    call = program(module, "缔盟").code[2]
    assert find(call.args[1], "chosen_characters") is not None


def test_grants_at_other_timings(module):
    """〖颂威〗 and 〖暴虐〗: a timing of other characters (a group subject) and 其可: grants."""
    for name in ("颂威", "暴虐"):
        s = skill(module, name)
        assert s.grant and "主公技" in s.tags and len(s.timings) == 1


def test_a_card_damage_source_reaches_the_damage_flow(module):
    """〔甲〕对〔乙〕造成X点伤害 passes the source its card was given (〖祸首②〗, 002:239), else 甲."""
    term = next(p for p in module.programs if p.name.endswith("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点伤害"))
    assert any(find(getattr(ins, "call", None), "damage_source_of_channel") is not None or
               any(find(a, "damage_source_of_channel") is not None for a in getattr(ins, "args", ()))
               for ins in term.code)
