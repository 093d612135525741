"""Step 80b of docs/performance.md: targets._methods (a list by card name id, kept for the tables'
cards dictionary it was read from) held to its definition, pure and as built: for every card name
id of each rulebook, for what is not a name id, and when the games alternate between rulebooks
(the list is read again for another module's tables; the games of one module share it), it
answers the card's entry in the tables (its methods; () for a name without one)."""
from seeded_games import RULEBOOK_GAMES, run_python

METHODS = RULEBOOK_GAMES + r"""
from core.prims import base as B, targets as Targets
rows, with_methods, bad = 0, 0, []
for g in games + games[::-1]:
    cards = B._T(g).cards
    n = len(g.rs.card_names)
    for name in list(range(n)) + [-1, -2, n, n + 5, None, "杀", 2.0]:
        info = cards.get(name)
        want = info[5] if info is not None else ()
        got = Targets._methods(g, name)
        rows += 1
        with_methods += bool(want)
        if got != want or type(got) is not tuple:
            bad.append((name, got, want))
print(rows > 200, with_methods > 100, bad[:3])
"""


def test_the_methods_table_is_the_cards_entries_pure_and_as_built():
    out = {pure: run_python(METHODS, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False] == "True True []", out
