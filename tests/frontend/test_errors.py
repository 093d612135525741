"""Every diagnostic code, from the examples in docs/errors.md (the docs are the test data)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.diagnostics import CODES
from compiler.project import load_project

DOC = Path(__file__).resolve().parents[2] / "docs" / "errors.md"
FENCE = re.compile(r"^```sgs ([a-z-]+)(?: line=(\d+) col=(\d+))?\n(.*?)^```", re.S | re.M)
# ⟦text⟧×N in an example: N copies of the text (the examples of the limits stay short)
REPEAT = re.compile(r"⟦(.*?)⟧×(\d+)", re.S)


def expand(body: str) -> str:
    return REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), body)


def examples():
    text = DOC.read_text(encoding="utf-8")
    prelude = None
    out = []
    code = None
    pos = 0
    for m in FENCE.finditer(text):
        heading = list(re.finditer(r"^### (SGS\d{3})", text[: m.start()], re.M))
        code = heading[-1].group(1) if heading else None
        kind, line, col, body = m.group(1), m.group(2), m.group(3), m.group(4)
        if kind == "prelude":
            prelude = body
            continue
        out.append((code, kind, int(line) if line else None, int(col) if col else None, body))
        pos = m.end()
    return prelude, out


PRELUDE, EXAMPLES = examples()


def check(tmp_path: Path, body: str, encoding: str = "utf-8"):
    pre = tmp_path / "prelude.sgs"
    pre.write_text(PRELUDE, encoding="utf-8")
    ex = tmp_path / "example.sgs"
    ex.write_bytes(expand(body).encode(encoding))
    proj = load_project([pre, ex], with_bundled=False)
    return [d for d in proj.diagnostics if d.span.path.endswith("example.sgs")]


def test_every_code_has_an_example():
    documented = {c for c, kind, *_ in EXAMPLES if kind in ("bad", "bad-bytes", "warn", "ruling-bad")}
    assert documented == set(CODES)


def test_prelude_is_clean(tmp_path):
    pre = tmp_path / "prelude.sgs"
    pre.write_text(PRELUDE, encoding="utf-8")
    proj = load_project([pre], with_bundled=False)
    assert proj.errors == []


@pytest.mark.parametrize("code,kind,line,col,body", [e for e in EXAMPLES if e[1] not in ("fix", "ruling-bad", "ruling-fix")],
                         ids=[f"{e[0]}-{e[1]}" for e in EXAMPLES if e[1] not in ("fix", "ruling-bad", "ruling-fix")])
def test_bad_example(tmp_path, code, kind, line, col, body):
    if kind == "bad-bytes":
        diags = check(tmp_path, body, encoding="gbk")
    else:
        diags = check(tmp_path, body)
    wanted = [d for d in diags if d.severity == ("warning" if kind == "warn" else "error")]
    assert {d.code for d in wanted} == {code}, [f"{d.code} {d.span} {d.message}" for d in diags]
    assert any((d.span.line, d.span.column) == (line, col) for d in wanted), \
        [f"{d.code} {d.span.line}:{d.span.column} {d.message}" for d in wanted]
    for d in wanted:
        assert d.message and d.code in CODES


@pytest.mark.parametrize("code,kind,line,col,body", [e for e in EXAMPLES if e[1] == "fix"],
                         ids=[f"{e[0]}-fix" for e in EXAMPLES if e[1] == "fix"])
def test_fix_is_clean(tmp_path, code, kind, line, col, body):
    diags = check(tmp_path, body)
    assert [f"{d.code} {d.span} {d.message}" for d in diags if d.severity == "error"] == []


@pytest.mark.parametrize("phrase,term", [
    ("你可摸两张拍", "〔甲：角色〕摸〔X：数〕张牌"),       # a typo
    ("你摸两涨牌", "〔甲：角色〕摸〔X：数〕张牌"),
    ("你可弃置一张手排", "〔甲：角色〕弃置〔乙：牌组〕"),
    ("你回复1点休力", "〔甲：角色〕回复〔X：数〕点体力"),
])
def test_unread_phrase_hints_the_term_it_nearly_spells(tmp_path, phrase, term):
    # SGS102's hint names the declared terms whose words the phrase nearly spells (the
    # bundled vocabulary: the terms rule authors write with)
    ex = tmp_path / "typo.sgs"
    ex.write_text(f"武将 测试 魏 男 4\n  〖测试〗你受到伤害后，{phrase}。\n", encoding="utf-8")
    diags = [d for d in load_project([ex]).diagnostics if d.span.path.endswith("typo.sgs")]
    assert [d.code for d in diags] == ["SGS102"]
    assert diags[0].hint.startswith("closest declared term") and term in diags[0].hint.split(": ", 1)[1].split("; ")[0]


def test_a_misspelt_argument_is_named_with_its_closest_term(tmp_path):
    # the operation's words are all there (弃置): the hint names the argument that reads as
    # nothing and the value terms it nearly spells
    ex = tmp_path / "typo.sgs"
    ex.write_text("武将 测试 魏 男 4\n  〖测试〗你受到伤害后，你可弃置一张手排。\n", encoding="utf-8")
    diags = [d for d in load_project([ex]).diagnostics if d.span.path.endswith("typo.sgs")]
    assert [d.code for d in diags] == ["SGS102"]
    assert "一张手排 reads as no 牌组, closest: 〔X：数〕张手牌" in diags[0].hint
