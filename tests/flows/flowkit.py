"""Helpers of tests/flows (issue 5, flow charts as specs): the book's timing lists, a timing
recorder and scripted decisions.  (A module of its own: `conftest` is ambiguous when several
test folders are collected.)

* ``book_flows()`` reads the identity_current section of the flow inventory
  (tests/flows/book_flows.yaml, a verbatim copy of shared/design/flows.yaml,
  itself read from seed 000): flow id -> the book's timing names in order.  A
  small line parser (no PyYAML in the venv): every timing entry of the
  inventory is a one-line flow mapping ``{t: ID, zh: NAME …}`` (``{seq: N, id:
  ID, zh: NAME …}`` in the turn table, ``{id: ID, zh: NAME …}`` in need_use) or
  the block ``t: ID`` / ``zh: NAME`` (reveal_after).
* ``Recorder`` records every timing fired, with the event frame that fired it,
  from the engine's own log (log_level=2 logs every timing, listened or not).
"""
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOOK = HERE / "book_flows.yaml"
BOOK_OLD = HERE / "book_flows_old.yaml"   # the older edition (seeds 004/003)
SHARED_BOOK = Path("/work/shared/design/flows.yaml")

# "（连续若干个）指定目标时": the book's way of saying the timing repeats (per target, per
# dying round); the timing's name is what follows
REPEAT_PREFIX = "（连续若干个）"

_FLOW_KEY = re.compile(r"^    ([a-z_0-9]+):\s*$")
_SECTION = re.compile(r"^  ([a-z_]+):")
_ENTRY = re.compile(r"\{\s*(?:seq:\s*\d+,\s*)?(?:t|id):\s*([a-z_0-9]+),\s*zh:\s*(\"[^\"]*\"|[^,}]+)")
_BLOCK_T = re.compile(r"^\s+t:\s*([a-z_0-9]+)\s*$")
_BLOCK_ZH = re.compile(r"^\s+zh:\s*(\"[^\"]*\"|\S+)\s*$")


def timing_name(zh):
    zh = zh.strip().strip('"')
    if zh.startswith(REPEAT_PREFIX):
        zh = zh[len(REPEAT_PREFIX):]
    return zh


def book_flows(path=BOOK):
    """flow id -> [(timing id, timing name)] in the book's order (first occurrence of
    each id: deduct_hp's two variants and reveal's double listing name the same ids).
    Flows are turn_flow and the keys of event_flows."""
    flows = {}
    cur = None
    in_events = False
    pending_t = None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _SECTION.match(line)
        if m:
            in_events = m.group(1) == "event_flows"
            cur = "turn_flow" if m.group(1) == "turn_flow" else None
            if cur:
                flows[cur] = []
            continue
        m = _FLOW_KEY.match(line)
        if m and in_events:
            cur = m.group(1)
            flows[cur] = []
            pending_t = None
            continue
        if cur is None:
            continue
        ids = [i for i, _ in flows[cur]]
        for tid, zh in _ENTRY.findall(line):
            if tid not in ids:
                flows[cur].append((tid, timing_name(zh)))
                ids.append(tid)
        m = _BLOCK_T.match(line)
        if m:
            pending_t = m.group(1)
            continue
        m = _BLOCK_ZH.match(line)
        if m and pending_t is not None:
            if pending_t not in ids:
                flows[cur].append((pending_t, timing_name(m.group(1))))
            pending_t = None
    return flows


def book_names(flow, path=BOOK):
    return [name for _, name in book_flows(path)[flow]]


# ------------------------------------------------------------------ recording timings

# the phase flows the turn flow runs (回合.sgs: each phase is an event of its own, 002:352)
PHASES = ("准备阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "结束阶段")


class Fired:
    __slots__ = ("name", "names", "frame", "event")

    def __init__(self, full, frame, event):
        self.names = tuple(full.split("／"))   # 移至目标区域前❶／失去牌前❶／得到牌前❶
        self.name = self.names[0]
        self.frame = frame
        self.event = event

    def __repr__(self):
        return "%s@%s#%d" % (self.name, self.event, self.frame)


class Recorder:
    """Wraps core.prims.flow.fire (what generated code calls for every `时机` line) to note
    which event frame fired each timing the engine logged."""

    def __init__(self, monkeypatch, phases=PHASES):
        from core import prims as P

        self.fired = []
        self.phases = phases   # the phase flows of the rulebook's turn
        orig = P.fire

        def fire(g, f, timing, subject):
            n = len(g.log)
            st = orig(g, f, timing, subject)
            for line in g.log[n:]:
                o = json.loads(line)
                if o["e"] == "t":
                    name = g.rs.prog_names[f.prog]
                    self.fired.append(Fired(o["t"], f.id, name[3:] if name.startswith("事件 ") else name))
                    break
            return st

        monkeypatch.setattr(P.flow, "fire", fire)

    def check_against_log(self, g):
        """The recorded timings are exactly the engine's log of timings."""
        logged = [json.loads(l)["t"] for l in g.log if json.loads(l)["e"] == "t"]
        assert ["／".join(x.names) for x in self.fired] == logged

    def frames(self, event):
        seen = []
        for x in self.fired:
            if x.event == event and x.frame not in seen:
                seen.append(x.frame)
        return seen

    def of(self, event, nth=0, frames=None):
        """Names fired by the nth frame of ``event`` (or by any of ``frames``)."""
        if frames is None:
            frames = [self.frames(event)[nth]]
        return [x.name for x in self.fired if x.frame in frames]

    def index(self, event, name, nth_frame=0, occurrence=0):
        fr = self.frames(event)[nth_frame]
        k = 0
        for i, x in enumerate(self.fired):
            if x.frame == fr and x.name == name:
                if k == occurrence:
                    return i
                k += 1
        raise AssertionError("%s not fired by %s#%d" % (name, event, fr))

    def between(self, i, j):
        return self.fired[i + 1:j]

    def turn(self, nth=0):
        """The timings of the nth turn: those of its 回合 frame and of the phase frames
        (事件 准备阶段 … 结束阶段, extra phases included) it runs, in order."""
        lo, hi, fr = self._turn_span(nth)
        return [x.name for x in self.fired[lo:hi]
                if x.frame == fr or x.event in self.phases]

    def _turn_span(self, nth):
        """[lo, hi) of the nth turn in ``fired``: from its first timing to the next
        turn's first (or the end)."""
        turns = self.frames("回合")
        fr = turns[nth]
        lo = next(i for i, x in enumerate(self.fired) if x.frame == fr)
        hi = len(self.fired)
        if nth + 1 < len(turns):
            hi = next(i for i, x in enumerate(self.fired) if x.frame == turns[nth + 1])
        return lo, hi, fr

    def turn_index(self, name, nth=0, occurrence=0):
        """Index in ``fired`` of the occurrence-th timing ``name`` of the nth turn."""
        lo, hi, fr = self._turn_span(nth)
        k = 0
        for i in range(lo, hi):
            x = self.fired[i]
            if (x.frame == fr or x.event in self.phases) and x.name == name:
                if k == occurrence:
                    return i
                k += 1
        raise AssertionError("%s not fired in turn %d" % (name, nth))


# ------------------------------------------------------------------ scripted decisions

ONLY = object()   # answer with the decision's only option


class Ask:
    """One expected decision: its kind (core.engine D_* number), who, the answer."""

    def __init__(self, kind, who, answer, prompt=None):
        self.kind, self.who, self.answer, self.prompt = kind, who, answer, prompt


def drive(g, script, stop=None):
    """Run g answering the decisions of ``script`` in order (each checked: kind, who,
    prompt); an unscripted decision fails.  ``stop(g, decision)`` may end the run
    early (returns the pending decision).  Returns the GameResult or that decision."""
    from core import engine as E
    from core.decision import Decision

    i = 0
    while True:
        r = g.step(1_000_000)
        assert r is not None, "step budget spent"
        if not isinstance(r, Decision):
            assert i == len(script), "script not used up: %r" % (script[i:],)
            return r
        if stop is not None and stop(g, r):
            assert i == len(script), "script not used up: %r" % (script[i:],)
            return r
        assert i < len(script), "unscripted decision: %s" % (r.describe(),)
        a = script[i]
        i += 1
        assert (r.kind, r.who) == (a.kind, a.who), (r.describe(), a.kind, a.who)
        if a.prompt is not None:
            assert r.prompt == a.prompt, r.describe()
        v = a.answer
        if v is ONLY:
            assert len(r.options) == 1, r.describe()
            v = r.options[0]
        elif callable(v):
            v = v(r)
        g.answer(v)
