"""Step 163a of docs/performance.md: the card-use question's prompt (usable._use_run) is made
when first read — core/decision.py's prompt_joined keeps its head and its labels (the question's
data), Decision.prompt joins them at the first read and keeps the text, decision.pxd's prompt_of
is the C readers' (the random player's) form. Held to the text _use_run wrote before, "使用：" +
"/".join(labels), at every such question of seeded random-player games of the three rulebooks,
pure and as built, read first by each reader in turn: the property, the C form (a probe built
against decision.pxd, as the agents are), repr and describe, a clone of the game (its copy of the
question), the log of a game logging at level 1; the text read twice is the same object. Its prefix test
(prompt_starts, the random player's) answers by the head, the text not made, when the prefix is
no longer than the head, and by the text otherwise."""
import textwrap

from seeded_games import probe_runs, run_python

PROBE = textwrap.dedent('''
    import cython
    if cython.compiled:
        from cython.cimports.core.decision import Decision, prompt_of, prompt_starts
    else:
        from core.decision import Decision, prompt_of, prompt_starts


    def read(d: Decision):
        return prompt_of(d)


    def starts(d: Decision, prefix):
        return prompt_starts(d, prefix)


    def joined(d: Decision):
        return d.joined
''')

WATCH = r"""
import collections
import json
import sys
sys.path.insert(0, sys.argv[1])

import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import CARD_USE, RandomPlayer
from pkg_prompt_probe import probe

print(not probe.__file__.endswith('.py'))   # compiled: the probe's extension module
seen = collections.Counter()
bad = []


def first_read(g, d, n, want):
    # the prefix tests answered by the head, the text not made (the random player's test)
    if not probe.joined(d) or not probe.starts(d, "使用") or probe.starts(d, "用") or \
            not probe.joined(d):
        bad.append(("head", d.data))
    # each reader in turn reads the question's prompt first
    how = n % 6
    if how == 0:
        return d.prompt
    if how == 1:
        return probe.read(d)
    if how == 2:
        r = repr(d)
        return r[r.index("prompt='") + 8:r.rindex("'")]
    if how == 3:
        t = d.describe()
        return t[t.index("(") + 1:t.index("), options")]
    if how == 4:   # the clone's copy read, then the game's own
        c = g.clone()
        got = c.pending.prompt
        if c.pending is d or c.pending.data is not d.data or c.pending.prompt is not got:
            bad.append(("clone", c.pending.data, d.data))
        return got
    if n % 12 == 5:   # a prefix longer than the head: answered by the text, made for it
        if not probe.starts(d, want[:4]) or probe.starts(d, want[:3] + "!") or probe.joined(d):
            bad.append(("longer", want))
        return d.prompt
    return probe.read(d)


for key, seeds, level in (("identity", (1, 2), 0), ("identity", (3,), 1),
                          ("identity_old", (1,), 0), ("zhanqi", (1,), 0)):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=level)
        uses = {i for i, s in enumerate(g.rs.skills) if s.name.startswith(CARD_USE)}
        a = RandomPlayer(seed)
        d = g.step()
        while d is not None and g.result is None:
            f = g.stack[len(g.stack) - 1]
            if d.kind == E.D_OPTION and f.skill in uses and f.pc == 1:
                seen["asked"] += 1
                labels = [g.rs.card_names[o[0]] for o in f.y]
                want = "使用：" + "/".join(labels)
                if level:   # the ask's line, written when asked
                    got = json.loads(g.log[len(g.log) - 1])["prompt"]
                    seen["logged"] += 1
                else:
                    got = first_read(g, d, seen["asked"], want)
                if got != want or d.data != labels:
                    bad.append((key, seed, got, want, d.data))
                p = d.prompt
                if p != want or type(p) is not str or d.prompt is not p or probe.read(d) is not p:
                    bad.append(("kept", key, seed, p, want))
            g.answer(a.choose(g, d))
            d = g.step()
        seen["games"] += g.result is not None
print(seen["games"], seen["asked"] > 200, seen["logged"] > 30)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_the_card_use_questions_prompt_is_the_joined_text_whoever_reads_it(tmp_path):
    for pure, folder in probe_runs(tmp_path, "pkg_prompt_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1] == "5 True True", (pure, lines[:6])
        assert not lines[2:], (pure, "\n".join(lines[2:]))


def test_a_prompt_written_is_the_prompt():
    """Writing the prompt replaces a joined one (the question's data stays); a question made as
    any other keeps the prompt it was given."""
    from core.decision import Decision
    d = Decision(1, 0, [0, 1], prompt="given")
    assert d.prompt == "given" and d.copy_for(None).prompt == "given"
    d.prompt = "written"
    assert d.prompt == "written" and d.copy_for(None).prompt == "written"
