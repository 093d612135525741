"""Two of step 273's C calls held to what they answer (docs/performance.md, steps 273f, 273g), as
built and pure (SGS_PURE=1): X选择一项 offers only the options whose need holds for the chooser
(decisions._option_fits, a C call of choose_option's: its tuple sliced in C), and a program's
words for a choice's prompt drop the 用语/事件 prefix (flow._program_words, its name a str)."""
import core.engine as E
import generated.identity as M
from core import prims as P
from core.prims import decisions as D, flow as Flow


def _game():
    g = P.new_game(M, 5, seed=4, deck="标准版加军争", log_level=0)
    return g, g.new_frame(0, 0, None, 0)


def test_only_the_options_whose_need_holds_are_offered():
    g, f = _game()
    card = g.zone_cards(E.Z_DRAW)[-1]
    no_roles = D._option_ok(g, f, True, 1, (card, ()))   # a card, then an empty group of roles
    some = D._option_ok(g, f, True, 1, (card, (2, 3)))
    barred = D._option_ok(g, f, False, 0, ())
    D.choose_option(g, f, True, 0, 3, ("a", "b", "c"), (no_roles, some, barred))
    assert f.result == 1
    D.choose_option(g, f, True, 0, 3, ("a", "b", "c"), (True, no_roles, barred))
    assert f.result == 0


def test_a_programs_words_drop_its_kind():
    g, _ = _game()
    names = g.rs.prog_names
    words = {n: Flow._program_words(g, i) for i, n in enumerate(names)}
    assert words["事件 伤害"] == "伤害"
    terms = [n for n in names if n.startswith("用语 ")]
    assert terms and all(words[n] == n[3:] for n in terms)
    others = [n for n in names if not n.startswith(("用语 ", "事件 "))]
    assert others and all(words[n] == n for n in others)
