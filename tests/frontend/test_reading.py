"""The phrase reader, timing clauses and position classes, on a small fixed vocabulary."""
from __future__ import annotations

from pathlib import Path

import pytest

from compiler import ast as A
from compiler.phrases import OPERATION, read_phrase
from compiler.project import load_project

FIXTURE = Path(__file__).with_name("vocab_fixture.sgs")


def project(tmp_path, text: str = ""):
    files = [FIXTURE]
    if text:
        p = tmp_path / "t.sgs"
        p.write_text(text, encoding="utf-8")
        files.append(p)
    proj = load_project(files, with_bundled=False)
    assert [f"{d.code} {d.span} {d.message}" for d in proj.errors] == []
    return proj


def skill(proj, name):
    return proj.checker.sym.skills[name]


@pytest.fixture(scope="module")
def vocab():
    proj = load_project([FIXTURE], with_bundled=False)
    assert proj.errors == []
    return proj.checker.vocab


@pytest.mark.parametrize("phrase,wanted,reading", [
    ("你摸两张牌", OPERATION, "draw(甲=你, X=两)"),
    ("你摸等量的牌", OPERATION, None),  # 等量 is not declared here
    ("你的上家的上家", "角色", "prev_player(甲=prev_player(甲=你))"),  # left recursion
    ("此牌的使用者为你", "真假", "same_character(甲=card_user(甲=此牌), 乙=你)"),  # indirect
    ("你健康", "真假", "健康(甲=你)"),
    ("【杀】摸一张牌", OPERATION, None),  # a card cannot draw
])
def test_reading(vocab, phrase, wanted, reading):
    m = read_phrase(vocab, phrase, wanted, {})
    if reading is None:
        assert m is None
    else:
        assert m is not None
        assert compact(m) == reading


def compact(m) -> str:
    if m.kind != "term":
        return m.text
    name = m.term.primitive or m.term.key.split("〕")[-1]
    args = ", ".join(f"{k}={compact(v)}" for k, v in m.args.items())
    return f"{name}({args})" if args else (m.term.primitive and m.term.key or name)


def test_timing_clause_forms(tmp_path):
    proj = project(tmp_path, """\
武将 测试 魏 男 4
  〖甲〗你受到伤害后，你摸一张牌。
  〖乙〗你需要使用【闪】时❸，你摸一张牌。
  〖丙〗你失去牌后❷，你摸一张牌。
  〖丁〗你受到伤害后，你摸一张牌。
    你需要使用【杀】时❸，你摸两张牌。
""")
    a = skill(proj, "甲").sentences[0].clauses()[0]
    assert (a.role, a.match.text, a.match.args["主体"].text) == ("timing", "受到伤害后", "你")
    b = skill(proj, "乙").sentences[0].clauses()[0]
    assert b.role == "timing" and b.match.kind == "term" and b.match.args["名"].text == "闪"
    c = skill(proj, "丙").sentences[0].clauses()[0]
    assert c.role == "timing" and c.match.text == "失去牌后❷"  # a ／ alias of the flow's timing
    d = skill(proj, "丁")
    assert [s.clauses()[0].role for s in d.sentences] == ["timing", "timing"]


def roles(sentence: A.Sentence):
    out = []
    for e in sentence.elements:
        if isinstance(e, A.Clause):
            out.append((e.text, e.role, e.strict))
        elif isinstance(e, A.Choice):
            for o in e.options:
                out += [(c.text, c.role, c.strict) for c in o.elements if isinstance(c, A.Clause)]
    return out


def test_position_classes(tmp_path):
    """Seed 002:407-467: strict for a cost, the only effect, the nearest effect left of ▷, the
    only unconditional effect of an option, an optional effect; else best-effort."""
    proj = project(tmp_path, """\
武将 测试 魏 男 4
  〖甲〗你受到伤害后，你可弃置两张手牌▶你摸两张牌，你回复1点体力。
  〖乙〗你受到伤害后，你弃置两张牌▷你摸一张牌，你回复1点体力。
  〖丙〗你受到伤害后，你摸一张牌。
  〖丁〗你受到伤害后，来源选择一项：1.弃置两张手牌；2.摸一张牌，弃置一张牌。
""")
    assert roles(skill(proj, "甲").sentences[0]) == [
        ("你受到伤害后", "timing", None), ("你可弃置两张手牌", "cost", True),
        ("你摸两张牌", "effect", False), ("你回复1点体力", "effect", False)]
    assert roles(skill(proj, "乙").sentences[0]) == [
        ("你受到伤害后", "timing", None), ("你弃置两张牌", "effect", True),
        ("你摸一张牌", "effect", False), ("你回复1点体力", "effect", False)]
    assert roles(skill(proj, "丙").sentences[0])[1] == ("你摸一张牌", "effect", True)
    assert roles(skill(proj, "丁").sentences[0]) == [
        ("你受到伤害后", "timing", None), ("弃置两张手牌", "effect", True),
        ("摸一张牌", "effect", False), ("弃置一张牌", "effect", False)]


def test_a_text_parsed_twice_gives_two_independent_asts():
    """sgs check keeps parse trees by text (the rulebooks share files): each parse of the same
    text still builds its own AST, which the checker may change without touching the other."""
    from compiler.frontend import parse_source
    from compiler.parser import _TREES, forget_trees, parse_text
    from compiler.source import Source

    text = "例 摸牌\n  设 A为曹操\n  期望 A的体力为4\n"
    forget_trees()
    a, _ = parse_source(Source("a.sgs", text))
    assert len(_TREES) == 1
    b, _ = parse_source(Source("b.sgs", text))
    assert len(_TREES) == 1 and parse_text(text) is parse_text(text)
    assert a is not b and a.decls[0] is not b.decls[0] and b.decls[0].span.path == "b.sgs"
    a.decls.clear()
    assert len(b.decls) == 1
    forget_trees()
    assert not _TREES
