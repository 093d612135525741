"""A card's kinds read once for two tests (docs/performance.md, step 271a; compiler.programflow's
kind_pairs): a kind test of a slot (cards.is_delayed_trick, is_equipment) whose false jump goes to a
kind test of the same slot reads the card's kinds' bits once (cards.card_kinds) and hands them to
the second test in the C local kinds_kept, set just before the jump and cleared by the second as it
reads it; any other way into the second reads the card there. The use flow's two pairs (若此牌为延时
锦囊牌 … 若此牌为装备牌, 000:158 and 000:160) take this form. tests/runtime/test_card_kinds.py holds
card_kinds to the two tests' answers; the seeded games' fingerprint, the units to the pure ones."""
from pathlib import Path

from compiler import emit, ir, programflow

W = "t.sgs:1:1"
CARD = ir.SlotRef(1, "此牌")


def _test(kind, target, slot=CARD):
    return ir.JumpUnless(ir.PrimCall(kind, (slot,)), target, W)


def _prog(code) -> ir.Program:
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=3, code=code, where=W)


def _pair(second_slot=CARD, between=None) -> ir.Program:
    """0: 若此牌为延时锦囊牌 (else 3); 1: an operation; 2: a return; 3: 若…为装备牌 (else 5); …"""
    code = [_test("is_delayed_trick", 3), ir.Do(ir.PrimCall("zz_op", ()), W), ir.Return(W),
            _test("is_equipment", 5, second_slot), ir.Do(ir.PrimCall("zz_op", ()), W),
            ir.Return(W)]
    if between is not None:   # something the false jump passes first
        code = [_test("is_delayed_trick", 6), *code[1:], between, ir.Jump(3, W)]
    return _prog(code)


def _states(prog) -> dict:
    return {n: list(body) for n, body in emit.program_code(prog)}


def test_a_pairs_first_test_hands_the_kinds_on_and_the_second_reads_and_clears_them(names):
    prog = _pair()
    assert programflow.kind_pairs(prog) == ({0}, {3})
    st = _states(prog)
    read = "Cards.card_kinds(g, f, cython.cast(object, _slot(s, 1)))"
    assert st[0][:4] == [f"kinds = {read}", "if not (kinds & 4):", "    kinds_kept = kinds",
                         "    pc = 3"], st[0]
    assert st[3][:3] == [f"kinds = kinds_kept if kinds_kept >= 0 else {read}",
                         "kinds_kept = -1", "if not (kinds & 1):"], st[3]
    assert [str(x) for x in emit.kinds_start(prog)] == ["kinds_kept = -1"]
    assert "kinds=cython.int, kinds_kept=cython.int" in str(emit.program_locals(prog))


def test_no_pair_for_another_slot_or_anything_run_between(names):
    for prog in (_pair(ir.SlotRef(2, "乙")), _pair(between=ir.Do(ir.PrimCall("zz_op", ()), W))):
        assert programflow.kind_pairs(prog) == (frozenset(), frozenset())
        text = "\n".join(line for body in _states(prog).values() for line in body)
        assert "kinds" not in text and "Cards.is_equipment(g, f, " in text, text
        assert emit.kinds_start(prog) == []


def test_the_use_flow_reads_its_cards_kinds_once_a_pair():
    text = (Path(__file__).resolve().parents[2] / "generated" / "identity_flows.py").read_text()
    assert text.count("kinds_kept = kinds\n") == 2, "the use flow's two pairs"
    assert text.count("kinds = kinds_kept if kinds_kept >= 0 else Cards.card_kinds(") == 2
    assert "Cards.is_equipment(g, f, cython.cast(object, _slot(s, 1)))" not in text
