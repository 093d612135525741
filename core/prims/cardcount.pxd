# 〔牌组〕的张数 in place (docs/performance.md, step 133): `count_cards_in(g, f, cs)` is
# cards.count_cards compiled into the generated unit that asks it — cs a tuple (a slot of cards:
# 置入's count at each of ~1,500 calls, the flows' tests of a move's cards) answered by its length,
# as count_cards answers it (_cards gives a tuple as itself), where the call across modules paid
# its entry, its type tests and _cards' call (~100 instructions); anything else goes to
# cards.count_cards, the one definition, which pure mode runs. compiler.emit (INLINED) writes its
# name; a unit cimports it compiled only. A declaration file only: no module of this name exists.

from core.engine cimport Game, Frame
from core.prims.cards cimport count_cards
from core.prims.values cimport eq_count

cdef inline object count_cards_in(Game g, Frame f, object cs):
    if type(cs) is tuple:
        return len(<tuple>cs)
    return count_cards(g, f, cs)

# eq(〔牌组〕的张数, n) in place (step 213b): `eq_count_in(g, f, cs, n)` is values.eq_count (compiler.emit's
# FUSED_COUNT, n a constant int) compiled into the unit that asks it — the move flow's
# 此次移动的牌的张数为0 at each of ~1,600 moves in the six games of `sgs bench --what instructions`,
# cs the move's tuple — a tuple's length compared as eq_count compares it, where the call across
# modules paid its entry and exit (~30 instructions); anything else goes to values.eq_count, the
# one definition, which pure mode runs.
cdef inline bint eq_count_in(Game g, Frame f, object cs, long n) except -1:
    if type(cs) is tuple:
        return len(<tuple>cs) == n
    return eq_count(g, f, cs, n)
