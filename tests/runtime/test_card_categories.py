"""A card's category tested against a name (step 134a): compiled, cards.is_equipment,
is_delayed_trick, is_faction_trick and _name_cat compare the entry's strs with
core/prims/streq.pxd's str_eq — the same object, else two strs of other lengths or first
characters differ, else Python's comparison — where Cython's comparison was PyUnicode_Compare's.
Held to the definition (Python's ==) for every card name of the identity tables and, for
_name_cat, each category as itself, as an equal str made at run time (not the same object), as a
str of its length and first character differing after it, and one character longer — pure and
as built.

Step 175a: is_equipment and is_faction_trick answer by the card's name id from a flag per name
(cards._cat_flags, made once from a rulebook's entries, register.finish's card_infos, and kept
while that list is asked). Held to the entry's compare for the virtual card of every name, every
physical card, NONE and ids past the cards, in games of two rulebooks asked in turn (the flags
made again for each one's entries).

Step 262a: the flags hold 延时锦囊 too (is_delayed_trick reads them), and compiled each ask reads
the byte by the flags' pointer, the tables borrowed (cards._kind_byte), while the tables' entries
are those the flags were made of: the rulebooks asked in turn move the pointer with the flags.
Step 262e: a physical card's name id is read from its Card borrowed (every physical card here)."""
from seeded_games import TWO_RULEBOOKS, move_game, run_python

SCRIPT = move_game(5) + r"""
import core.engine as E
from core.prims import base as B, cards as C
print(not C.__file__.endswith('.py'))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
t = B._T(g)
fields = sorted({e[k] for e in t.cards.values() for k in (0, 1) if isinstance(e[k], str) and e[k]})
# each category as a new str (equal, not the same object), one of its length and first
# character that differs after it, one of another length, and the two names _name_cat knows
asked = ["锦囊牌", "坐骑", "", "x"]
for s in fields:
    asked += [s, "".join(list(s)), s[:1] + "X" * (len(s) - 1) if len(s) > 1 else "X", s + s[-1]]
bad, n = [], 0
for name in sorted(t.cards):
    e = t.cards[name]
    v = C._new_vcard(g, name, ())
    for got, want in ((C.is_equipment(g, f, v), e[0] == "装备"),
                      (C.is_delayed_trick(g, f, v), e[1] == "延时锦囊"),
                      (C.is_faction_trick(g, f, v), e[1] == "势力锦囊")):
        n += 1
        if got is not want:
            bad.append((name, e[:2], got, want))
    for cat in asked:
        n += 1
        want = (e[0] == cat or e[1] == cat or (cat == "锦囊牌" and e[0] == "锦囊")
                or (cat == "坐骑" and e[1] in ("进攻坐骑", "防御坐骑")))
        got = C._name_cat(g, name, cat)
        if got is not want:
            bad.append((name, e[:2], cat, got, want))
print(n > 1000, len({e[0] for e in t.cards.values()}) >= 3, bad[:5])
"""

# step 175a: the category flags by name id, in games of two rulebooks asked in turn
FLAGS_SCRIPT = TWO_RULEBOOKS + r"""
import core.engine as E
from core.prims import base as B, cards as C
print(not C.__file__.endswith('.py'))
f = E.Frame(0, 0)
bad, n, made = [], 0, []
for g in games + games:   # each rulebook's flags made again after the other's
    t = B._T(g)
    fl = C.cat_flags(g)
    made.append(fl)
    want_fl = bytearray([0 if e is None else (e[0] == "装备") | (e[1] == "势力锦囊") << 1
                         | (e[1] == "延时锦囊") << 2 for e in t.card_infos])
    if fl != want_fl:
        bad.append(("flags", fl, want_fl))
    cards = [C._new_vcard(g, name, ()) for name in sorted(t.cards)]
    cards += list(range(len(g.cards))) + [B.NONE, len(g.cards), len(g.cards) + 7]
    for c in cards:
        e = C._card_info(g, c)
        for got, want in ((C.is_equipment(g, f, c), e is not None and e[0] == "装备"),
                          (C.is_faction_trick(g, f, c), e is not None and e[1] == "势力锦囊"),
                          (C.is_delayed_trick(g, f, c), e is not None and e[1] == "延时锦囊")):
            n += 1
            if got is not want:
                bad.append((c, e and e[:2], got, want))
print(n > 500, made[0] == made[2] and made[0] is not made[2], made[0] != made[1],
      sum(1 for x in made[0] if x & 1) > 5, bad[:5])
"""


def test_a_category_compares_as_python_does():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True True []", lines


def test_a_category_by_name_id_answers_its_entry_in_two_rulebooks():
    for pure in (True, False):
        lines = run_python(FLAGS_SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True True True True []", lines
