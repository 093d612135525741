"""The flows and edition units' C level (compiler/build.py's FLOWS_OPT, docs/performance.md step
116a): -O1 with -fexpensive-optimizations, which gcc's backward jump threader is gated on. A
program is a loop around a C `switch (pc)`; a state's `pc = k; continue` (a loop's step, a test's
jump) is threaded into a jump to state k's code, where at plain -O1 it went back to the switch
and dispatched again (~49,000 dispatches of the move flow's program in the six games).

As built (objdump; skipped when the engine is pure or there is no objdump): the move flow's
program jumps back to its switch's dispatch a handful of times (its entries: 9), not at each of
its states' jumps (62 at plain -O1); so does the turn's (104 before step 144b)."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from compiler.build import generated_opt

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_flows_and_edition_units_are_built_with_the_threader():
    for m in ("identity_flows", "identity_edition", "identity_old_edition", "zhanqi_flows"):
        words = generated_opt(m).split()
        assert words[0] == "-O1" and "-fexpensive-optimizations" in words, m


def _program(unit: str, event: str) -> str:
    text = (ROOT / "generated" / f"{unit}.py").read_text(encoding="utf-8")
    m = re.search(rf"# ---- 事件 {event} .*?\ndef (prog_[0-9a-f]+)\(", text, re.S)
    assert m, f"the {event} flow's program"
    return m.group(1)


# the move flow (identity_flows), and the turn (identity_edition: its 71 states threaded since a
# suspension resumes at its next state's jump's end, step 144b; before, the states that only
# jumped, `case 3: pc = 6`, made the switch a loop of its own, and gcc threaded none of its 104
# jumps back)
@pytest.mark.parametrize("unit,event", [("identity_flows", "移动"), ("identity_edition", "回合")])
def test_a_flows_states_jump_to_each_other_not_to_the_switch(unit, event):
    if os.environ.get("SGS_PURE") or shutil.which("objdump") is None:
        pytest.skip("the engine is pure, or no objdump")
    so = sorted((ROOT / "generated").glob(f"{unit}.*.so"))
    if not so or so[0].stat().st_mtime < (ROOT / "generated" / f"{unit}.py").stat().st_mtime:
        pytest.skip(f"{unit} not built")
    name = f"__pyx_f_9generated_{len(unit)}{unit}_" + _program(unit, event)
    asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(so[0])], capture_output=True,
                         text=True, check=True).stdout
    body = asm.split(f"<{name}>:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    lines = [(int(ln.split(":")[0], 16), ln) for ln in body if re.match(r"\s+[0-9a-f]+:", ln)]
    # the switch: its indirect jump and the bounds compare before it (the dispatch's head)
    k = next(i for i, (_, ln) in enumerate(lines) if re.search(r"\sjmp\s+\*%", ln))
    head = next(a for a, ln in reversed(lines[max(0, k - 8):k]) if re.search(r"\scmp\s+\$0x", ln))
    lo = next(a for a, ln in reversed(lines[max(0, k - 12):k])
              if a < head and not re.search(r"\smov\s", ln)) + 1   # the moves leading to the head
    back = sum(1 for _, ln in lines
               if (m := re.search(r"\sj[a-z]+\s+([0-9a-f]+) <", ln)) and lo <= int(m.group(1), 16) <= head)
    assert back <= 20, back
