"""cards.card_kinds (step 271a): a card's kinds as bits, _CF_EQUIP (1) when is_equipment answers
True and _CF_DELAYED (4) when is_delayed_trick does, which a program asks once for a pair of kind
tests of one card (compiler.programflow.kind_pairs; tests/backend/test_kind_pairs.py). Held to the
two tests for the virtual card of every name, every physical card, NONE, ids past the cards and
what is no card's id, in games of two rulebooks asked in turn (compiled, the flags' byte is read
only while a rulebook's tables are those the flags were made of: the other answers by the two
tests), pure and as built; and the emitter's bits to cards' flags."""
from compiler import programflow
from seeded_games import TWO_RULEBOOKS, run_python

SCRIPT = TWO_RULEBOOKS + r"""
import core.engine as E
from core.prims import base as B, cards as C
print(not C.__file__.endswith('.py'))
f = E.Frame(0, 0)
bad, n, seen = [], 0, set()
for g in games + games:   # each rulebook's flags made again after the other's
    t = B._T(g)
    cards = [C._new_vcard(g, name, ()) for name in sorted(t.cards)]
    cards += list(range(len(g.cards))) + [B.NONE, len(g.cards), len(g.cards) + 7, None, "杀", -5]
    for c in cards:
        got = C.card_kinds(g, f, c)
        want = (1 if C.is_equipment(g, f, c) else 0) | (4 if C.is_delayed_trick(g, f, c) else 0)
        n += 1
        seen.add(got)
        if got != want:
            bad.append((c, got, want))
print(n > 500, sorted(seen), bad[:5])
"""


def test_a_cards_kinds_are_its_two_tests_answers_in_two_rulebooks():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True [0, 1, 4] []", lines


def test_the_emitters_bits_are_the_cards_flags():
    # (pure: compiled, the flags are the module's C ints)
    out = run_python("from core.prims import cards as C\nprint(C._CF_EQUIP, C._CF_DELAYED)",
                     pure=True).split()
    assert programflow.KIND_BITS == {"is_equipment": int(out[0]), "is_delayed_trick": int(out[1])}
