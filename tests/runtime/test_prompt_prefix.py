"""Step 229a of docs/performance.md: decision.pxd's str_starts (s.startswith(p) for strs, the
prefix's code points compared in place when both have the same kind, else str's own test) and
prompt_starts, the random player's test of a question's prompt, which uses it. Held to
str.startswith, pure and as built (a probe built against decision.pxd, as the agents are), for
strs of every kind (1, 2 and 4 bytes a code point) and their mixes — a prompt of a wider kind
that begins with a narrower prefix, a prefix longer than the text, the empty prefix, the text
itself, a str subclass — and a prefix not a str raising as startswith raises; prompt_starts
answers the same for a question's written prompt and for a joined one (its head and its data),
whether the prefix is within the head or longer."""
from seeded_games import probe_runs, run_python

PROBE = '''
import cython
if cython.compiled:
    from cython.cimports.core.decision import Decision, prompt_joined, prompt_starts, str_starts
else:
    from core.decision import Decision, prompt_joined, prompt_starts


def starts(s, p):   # (a str's subclass passed as a str, as the C code takes it)
    if cython.compiled:
        return str_starts(cython.cast(str, s), cython.cast(str, p)) != 0
    return s.startswith(p)


def asks(d: Decision, prefix):
    return prompt_starts(d, cython.cast(str, prefix))


def joined(d: Decision, head, parts: list):
    return prompt_joined(d, head, parts)
'''

WATCH = r"""
import itertools
import sys
sys.path.insert(0, sys.argv[1])

from core.decision import Decision
from pkg_prefix_probe import probe

print(not probe.__file__.endswith('.py'))   # compiled: the probe's extension module


class Text(str):
    pass


# texts of each kind: latin-1 (1 byte a code point), the specs' CJK (2), astral (4)
words = ["", "a", "ab", "abc", "\xe9t\xe9", "使", "使用", "使用：", "使用：杀", "用",
         "\U0001F600", "使\U0001F600", "a\U0001F600", "ab\u4e00", "\xe9t\xe9\u4e00",
         "使用：\U0001F600", Text("使用："), Text("ab")]
bad = []
n = 0
for s, p in itertools.product(words, repeat=2):
    n += 1
    if probe.starts(s, p) != s.startswith(p):
        bad.append(("starts", s, p))
    # a question's written prompt, and the same text joined from a head and its data
    d = Decision(1, 0, [0, 1], prompt=s)
    if probe.asks(d, p) != s.startswith(p):
        bad.append(("written", s, p))
    for cut in range(len(s) + 1):
        d = probe.joined(Decision(1, 0, [0, 1]), s[:cut], [s[cut:]] if cut < len(s) else [])
        if probe.asks(d, p) != s.startswith(p):
            bad.append(("joined", s[:cut], s[cut:], p))
    d = probe.joined(Decision(1, 0, [0, 1]), s, ["x", "y"])
    if probe.asks(d, p) != (s + "x/y").startswith(p):
        bad.append(("joined2", s, p))
# a prompt not a str: never starts with anything; a prefix not a str raises as startswith does
if probe.asks(Decision(1, 0, [0, 1], prompt=("a", "tuple")), "a"):
    bad.append(("tuple prompt",))
for s in ("", "ab", "使用"):
    try:
        probe.starts(s, None)
        bad.append(("None prefix", s))
    except TypeError:
        pass
print(n)
for x in bad[:8]:
    print("DIFFERS", *x)
"""


def test_prefix_tests_are_startswith_pure_and_as_built(tmp_path):
    for pure, folder in probe_runs(tmp_path, "pkg_prefix_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1] == "324", (pure, lines[:6])
        assert not lines[2:], (pure, "\n".join(lines[2:]))
