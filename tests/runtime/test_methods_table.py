"""Step 80b of docs/performance.md: targets._methods (a list by card name id, since step 86d the
tables' ``name_methods``, made by register.finish) held to its definition, pure and as built: for
every card name id of each rulebook, for what is not a name id, and when the games alternate
between rulebooks, it answers the card's entry in the tables (its methods; () for a name without
one). Step 86d: the tables' ``name_methods`` and ``delayed_names`` are what targets kept in its
globals before (the list and the bytearray read from ``cards`` by name id), shared by a module's
games (shallow copies of the registered tables)."""
from seeded_games import RULEBOOK_GAMES, run_both

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
    assert run_both(METHODS) == "True True []"


FIELDS = RULEBOOK_GAMES + r"""
from core.prims import base as B, targets as Targets
bad = []
for g in games:
    t = B._T(g)
    n = len(g.rs.card_names)
    old_methods = [Targets._methods_in(t.cards, k) for k in range(n)]
    old_delayed = bytearray([Targets._delayed_name(g, k) for k in range(n)])
    if t.name_methods != old_methods or type(t.name_methods) is not list:
        bad.append(("methods", g.rs.card_names[0]))
    if t.delayed_names != old_delayed or type(t.delayed_names) is not bytearray:
        bad.append(("delayed", g.rs.card_names[0]))
# the 身份局's two games (the first and the last) share their registered tables' lists
t0, t3 = B._T(games[0]), B._T(games[3])
print(t0 is not t3, t0.name_methods is t3.name_methods, t0.delayed_names is t3.delayed_names,
      sum(B._T(games[0]).delayed_names) >= 2, bad[:3])
"""


def test_the_tables_name_fields_are_the_old_caches_pure_and_as_built():
    assert run_both(FIELDS) == "True True True True []"
