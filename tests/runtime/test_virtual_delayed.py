"""甲对应的虚拟牌为延时锦囊牌 read at once (docs/performance.md, step 145): the emitter writes
is_delayed_trick(virtual_card_of(x)) as one call of resolving.virtual_is_delayed_trick
(compiler.emit.FUSED_OF), which answers as the composite — checked here on the cards of seeded
games at many of their decisions, each side asked on a clone of its own (the composite makes the
virtual card of a card in a 判定区 that has none yet)."""
import ast

from compiler import emit, ir
from core import prims as P
from core.prims import cards as Cards
from core.prims import resolving as Resolving
from core.engine import Z_JUDGE, Frame
from core.prims.base import S_CORR, _S, _Sw
from tests.runtime.seeded_games import ROOT, states_at_decisions

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_the_emitter_fuses_the_nested_shape():
    inner = ir.PrimCall("virtual_card_of", (ir.SlotRef(6, "甲"),))
    code = emit.expr(ir.PrimCall("is_delayed_trick", (inner,)))
    # asked in place (step 261c: core/prims/cardreads.pxd, compiler.emit.INLINED)
    assert code == "virtual_is_delayed_trick_in(g, f, s[6])", code
    # another outer, or the inner of two arguments (对应的实体牌为…的〔名〕), stays as it is
    other = emit.expr(ir.PrimCall("is_equipment", (inner,)))
    assert "virtual_is_delayed_trick" not in other and "virtual_card_of" in other
    two = ir.PrimCall("virtual_card_of", (ir.SlotRef(6, "甲"), ir.Const(3)))
    assert "virtual_is_delayed_trick" not in emit.expr(ir.PrimCall("is_delayed_trick", (two,)))


def test_generated_units_ask_the_fused_form():
    asks = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        for node in ast.walk(ast.parse(unit.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                asks += node.func.id == "virtual_is_delayed_trick_in"   # (step 261c)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "is_delayed_trick" and node.args:
                    a = node.args[-1]
                    assert not (isinstance(a, ast.Call) and isinstance(a.func, ast.Attribute)
                                and a.func.attr == "virtual_card_of"), (unit.name, ast.unparse(node))
    assert asks >= 2   # the identity and 战棋 move flows


def _fused_and_made(g, f, c, prepare=None):
    """virtual_is_delayed_trick's answer for card ``c`` and is_delayed_trick's of the virtual
    card virtual_card_of gives, each on its own clone of ``g`` (``prepare`` run on both first)."""
    a, b = g.clone(), g.clone()
    if prepare is not None:
        prepare(a)
        prepare(b)
    return (bool(Resolving.virtual_is_delayed_trick(a, f, c)),
            bool(Cards.is_delayed_trick(b, f, Resolving.virtual_card_of(b, f, c))))


def test_the_fused_answer_is_the_composite_in_games(identity):  # noqa: F811
    f = Frame(0, 0)
    delayed = judged = 0
    for seed, k, g in states_at_decisions(identity, (1, 2, 3), 600, 10, DECK):
        # every physical card, every virtual card recorded, no card, values no card
        cards = list(range(len(g.cards))) + [P.NONE, -5, "杀", None, 2.5]
        cards += [v for v in _S(g, S_CORR, len(g.cards)) if v is not None]
        for c in cards:
            fused, made = _fused_and_made(g, f, c)
            assert fused is made, (seed, k, c, fused, made)
            delayed += made
        # a card in a 判定区 whose virtual card is not made yet: both sides make it
        for c in range(len(g.cards)):
            if g.where_kind(c) != Z_JUDGE:
                continue

            def unmade(x, c=c):
                _Sw(x, S_CORR, len(x.cards))[c] = None
            fused, made = _fused_and_made(g, f, c, unmade)
            assert fused is made is True, (seed, k, c, fused, made)
            judged += 1
    assert delayed > 0 and judged > 0   # some cards asked were delayed tricks, some judged


def test_the_fused_answer_reads_a_table_of_its_own(identity):  # noqa: F811
    """Step 175b: compiled, virtual_is_delayed_trick reads the correspondence list, the card's
    item and its virtual card's 存在 flag in place. A clone shares the table (a Shared tuple, read
    as before), so here each clone's table is first made a list of its own (_Sw); and a card is
    given a vanished virtual card (its flag False: the zone's kind asked, as virtual_card_of
    does)."""
    f = Frame(0, 0)
    delayed = vanished = 0

    def own_table(x):
        _Sw(x, S_CORR, len(x.cards))
    for seed, k, g in states_at_decisions(identity, (1, 2), 500, 25, DECK):
        for c in range(len(g.cards)):
            fused, made = _fused_and_made(g, f, c, own_table)
            assert fused is made, (seed, k, c, fused, made)
            delayed += made
        # a hand card and a judged card given a vanished 【乐不思蜀】 of their own
        name = g.rs.id_of("card", "乐不思蜀")
        hand = [c for c in range(len(g.cards)) if g.where_kind(c) != Z_JUDGE]
        judged = [c for c in range(len(g.cards)) if g.where_kind(c) == Z_JUDGE]
        for c in hand[:3] + judged[:3]:

            def vanished_own(x, c=c):
                v = Cards._new_vcard(x, name, (c,))
                Resolving.vanish_virtual_card(x, f, True, v)
                _Sw(x, S_CORR, len(x.cards))[c] = v
            fused, made = _fused_and_made(g, f, c, vanished_own)
            assert fused is made is (c in judged), (seed, k, c, fused, made)
            vanished += 1
    assert delayed > 0 and vanished > 0
