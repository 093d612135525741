"""`sgs graph`: every flow (事件) drawn from its spec, as the book draws its flow charts.

A flow's statements become a control-flow chart: its timings in order (each with its subject,
its system step and the skills and cards that fire there, as `sgs timings` lists them), the
system steps between them, 若/否则 branches, 只要 and 循环 loops with their back edges, 标签 and
转到 jumps, 终止, and 执行 of sub-events. The chart is a small graph model rendered two ways:
Mermaid text (always; code hosts render it, docs/flows/ holds one per flow) and Graphviz DOT,
turned into SVG by the `dot` program when it is installed.

Everything here takes the checked project (its checker's events and the lowered IR module) as
input, so another ruleset or edition of the specs is drawn by handing in its project.
Spec text only ever becomes quoted label text: names and phrases are escaped for each format,
and a flow's name is made a safe file name before it names a file.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import ast as A
from .checker import walk_stmts
from .reports import attached

# a label line longer than this many characters is broken (the book's charts are narrow)
LINE_CHARS = 22


@dataclass
class Node:
    id: str
    kind: str  # start | end | stop | timing | step | if | while | loop | label | exec
    lines: list[str]
    timing: str | None = None  # a timing node's name


@dataclass
class Edge:
    src: str
    dst: str
    label: str = ""
    jump: bool = False  # 转到 and loop back edges: drawn dashed


@dataclass
class FlowChart:
    name: str
    params: list[tuple[str, str]]
    where: str  # path:line of the 事件 declaration
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    runs: list[str] = field(default_factory=list)  # the events it 执行s, in order, once each

    @property
    def timings(self) -> list[str]:
        return [n.timing for n in self.nodes if n.timing is not None]


# ---------------------------------------------------------------- the model


def sentence_text(s: A.Sentence) -> str:
    out = []
    for e in s.elements:
        if isinstance(e, A.Clause):
            out.append(("若" if e.cond else "") + e.text)
        elif isinstance(e, A.Sep):
            out.append(e.symbol)
        elif isinstance(e, A.Choice):
            opts = "；".join(f"{o.number}." + sentence_text(A.Sentence(o.elements, o.span)) for o in e.options)
            out.append(f"{e.chooser}选择一项：{opts}")
    return "".join(out)


def sentences_text(sents: list[A.Sentence]) -> str:
    return "。".join(sentence_text(s) for s in sents) + "。"


BREAK_AFTER = "、，。；：▶▷→ "


def wrap_line(line: str, width: int = LINE_CHARS) -> list[str]:
    """Break a line after a separator (、，。；： ▶▷→) so no piece is much longer than
    ``width`` characters; a run without separators is cut at ``width``."""
    pieces, cur = [], ""
    for ch in line:
        cur += ch
        if ch in BREAK_AFTER:
            pieces.append(cur)
            cur = ""
    if cur:
        pieces.append(cur)
    out, acc = [], ""
    for piece in pieces:
        while len(piece) > width:  # no separator for too long: cut
            if acc:
                out.append(acc)
                acc = ""
            out.append(piece[:width])
            piece = piece[width:]
        if acc and len(acc) + len(piece) > width:
            out.append(acc)
            acc = ""
        acc += piece
    if acc or not out:
        out.append(acc)
    return out


def label_lines(node: Node) -> list[str]:
    """A node's lines as drawn, long ones broken (a timing's first line, 时机 and its name,
    never is: names are short, and tests read it back)."""
    keep = 1 if node.kind == "timing" else 0
    return node.lines[:keep] + [part for line in node.lines[keep:] for part in wrap_line(line)]


class _Builder:
    def __init__(self, chart: FlowChart, fired: dict):
        self.chart = chart
        self.fired = fired
        self.labels: dict[str, str] = {}
        self.gotos: list[tuple[list, str]] = []
        self.stop: str | None = None

    def new(self, kind: str, lines: list[str], timing: str | None = None) -> str:
        node = Node(f"n{len(self.chart.nodes)}", kind, lines, timing)
        self.chart.nodes.append(node)
        return node.id

    def link(self, preds: list[tuple[str, str]], dst: str, jump: bool = False):
        for src, label in preds:
            self.chart.edges.append(Edge(src, dst, label, jump))

    def block(self, body: list[A.Stmt], preds: list[tuple[str, str]]) -> list[tuple[str, str]]:
        for st in body:
            preds = self.stmt(st, preds)
        return preds

    def stmt(self, st: A.Stmt, preds: list[tuple[str, str]]) -> list[tuple[str, str]]:
        if isinstance(st, A.TimingStmt):
            lines = [f"时机 {st.name}"]
            if st.subject:
                lines.append(f"主体 {st.subject}")
            if st.system:
                lines.append("系统：" + sentences_text(st.system))
            skills, cards = self.fired.get(st.name, ([], {}))
            if skills:
                lines.append("、".join(skills))
            lines += [f"{how}：" + "、".join(names) for how, names in cards.items()]
            n = self.new("timing", lines, st.name)
        elif isinstance(st, A.SayStmt):
            n = self.new("step", [sentences_text(st.sentences)])
        elif isinstance(st, A.ExecStmt):
            args = "，".join(a.text for a in st.args)
            n = self.new("exec", [f"执行 {st.event}（{args}）"])
            if st.event not in self.chart.runs:
                self.chart.runs.append(st.event)
        elif isinstance(st, A.IfStmt):
            d = self.new("if", [f"若{st.cond.text}"])
            self.link(preds, d)
            yes = self.block(st.body, [(d, "是")])
            no = self.block(st.orelse, [(d, "否")]) if st.orelse else [(d, "否")]
            return yes + no
        elif isinstance(st, A.WhileStmt):
            d = self.new("while", [f"只要{st.cond.text}"])
            self.link(preds, d)
            self.link(self.block(st.body, [(d, "是")]), d, jump=True)
            return [(d, "否")]
        elif isinstance(st, A.LoopStmt):
            d = self.new("loop", [f"循环 {st.var} 取遍 {st.items.text}"])
            self.link(preds, d)
            self.link(self.block(st.body, [(d, "下一个")]), d, jump=True)
            return [(d, "取遍后")]
        elif isinstance(st, A.LabelStmt):
            n = self.new("label", [f"标签 {st.name}"])
            self.labels[st.name] = n
        elif isinstance(st, A.GotoStmt):
            self.gotos.append((preds, st.name))
            return []
        elif isinstance(st, A.EndStmt):
            if st.target:
                n = self.new("stop", [f"终止 {st.target}"])
            else:
                if self.stop is None:
                    self.stop = self.new("stop", ["终止"])
                n = self.stop
            self.link(preds, n)
            return []
        else:  # a statement kind this chart does not know yet: drawn, never dropped
            n = self.new("step", [type(st).__name__])
        self.link(preds, n)
        return [(n, "")]

    def finish(self, preds):
        end = self.new("end", ["结束"])
        self.link(preds, end)
        for preds, name in self.gotos:
            target = self.labels.get(name)
            if target is not None:  # the checker reports an unknown label (SGS109)
                self.link([(src, label or "转到") for src, label in preds], target, jump=True)


def flow_chart(event: A.EventDecl, fired: dict) -> FlowChart:
    """The chart of one 事件; ``fired`` is reports.attached(module)."""
    chart = FlowChart(event.name, [(p.name, p.type) for p in event.params],
                      f"{event.span.path}:{event.span.line}")
    b = _Builder(chart, fired)
    params = "，".join(f"{n}：{t}" for n, t in chart.params)
    start = b.new("start", [f"事件 {event.name}（{params}）" if params else f"事件 {event.name}"])
    b.finish(b.block(event.body, [(start, "")]))
    return chart


def flow_charts(checker, module) -> list[FlowChart]:
    """Every flow of a checked and lowered project, in declaration order."""
    fired = attached(module)
    return [flow_chart(ev, fired) for ev in checker.sym.events.values()]


def flow_timings(event: A.EventDecl) -> list[str]:
    return [st.name for st in walk_stmts(event.body) if isinstance(st, A.TimingStmt)]


# ---------------------------------------------------------------- Mermaid

MERMAID_SHAPES = {
    "start": ("([", "])"), "end": ("([", "])"), "stop": ("([", "])"), "timing": ("[", "]"),
    "step": ("[", "]"), "if": ("{", "}"), "while": ("{", "}"), "loop": ("{{", "}}"),
    "label": (">", "]"), "exec": ("[[", "]]"),
}

MERMAID_CLASSES = [
    "classDef timing fill:#fff3c4,stroke:#b8860b,color:#000",
    "classDef exec fill:#dde8ff,stroke:#3a5fcd,color:#000",
    "classDef stop fill:#ffd6d6,stroke:#b22222,color:#000",
]


def mermaid_text(text: str) -> str:
    """Label text as Mermaid shows it literally: its entity codes for the characters its
    syntax or HTML labels would read (a spec's words never become markup)."""
    return "".join(f"#{ord(c)};" if c in '"#<>&|' else c for c in text)


def to_mermaid(chart: FlowChart) -> str:
    out = ["flowchart TD"]
    for n in chart.nodes:
        left, right = MERMAID_SHAPES[n.kind]
        label = "<br/>".join(mermaid_text(line) for line in label_lines(n))
        cls = f":::{n.kind}" if n.kind in ("timing", "exec", "stop") else ""
        out.append(f'  {n.id}{left}"{label}"{right}{cls}')
    for e in chart.edges:
        arrow = "-.->" if e.jump else "-->"
        label = f"|{mermaid_text(e.label)}|" if e.label else ""
        out.append(f"  {e.src} {arrow}{label} {e.dst}")
    out += ["  " + c for c in MERMAID_CLASSES]
    return "\n".join(out) + "\n"


MERMAID_NODE = re.compile(r'^  (n\d+)[(\[{>]+"(.*)"[)\]}]+(?::::(\w+))?$')


def parse_mermaid_timings(text: str) -> list[str]:
    """The timing names of a chart written by to_mermaid, in node order (tests read charts
    back with it; an editor's preview shows the same)."""
    out = []
    for line in text.splitlines():
        m = MERMAID_NODE.match(line)
        if m and m.group(3) == "timing":
            first = m.group(2).split("<br/>")[0]
            out.append(re.sub(r"#(\d+);", lambda g: chr(int(g.group(1))), first)[len("时机 "):])
    return out


# ---------------------------------------------------------------- Graphviz

DOT_SHAPES = {
    "start": 'shape=box, style="rounded,bold"', "end": 'shape=box, style="rounded,bold"',
    "stop": 'shape=box, style="rounded,filled", fillcolor="#ffd6d6"',
    "timing": 'shape=box, style="filled", fillcolor="#fff3c4"', "step": "shape=box",
    "if": "shape=diamond", "while": "shape=diamond", "loop": "shape=hexagon",
    "label": "shape=cds", "exec": 'shape=box, peripheries=2, style="filled", fillcolor="#dde8ff"',
}
DOT_FONT = "Noto Sans CJK SC,Source Han Sans SC,WenQuanYi Micro Hei,sans-serif"


def dot_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def to_dot(chart: FlowChart) -> str:
    out = [f'digraph "{dot_text(chart.name)}" {{', "  rankdir=TB;",
           f'  node [fontname="{DOT_FONT}", fontsize=11];',
           f'  edge [fontname="{DOT_FONT}", fontsize=10];']
    for n in chart.nodes:
        label = "\\n".join(dot_text(line) for line in label_lines(n))
        extra = f', class="{n.kind}"'
        out.append(f'  {n.id} [label="{label}", {DOT_SHAPES[n.kind]}{extra}];')
    for e in chart.edges:
        attrs = []
        if e.label:
            attrs.append(f'label="{dot_text(e.label)}"')
        if e.jump:
            attrs.append("style=dashed")
        out.append(f"  {e.src} -> {e.dst}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    out.append("}")
    return "\n".join(out) + "\n"


def dot_program() -> str | None:
    return shutil.which("dot")


class GraphvizError(RuntimeError):
    pass


def to_svg(chart: FlowChart, timeout: float = 120) -> str:
    """The chart as SVG through Graphviz's `dot` (GraphvizError when it is missing or fails)."""
    dot = dot_program()
    if dot is None:
        raise GraphvizError("the Graphviz `dot` program is not installed (Debian: apt-get install graphviz)")
    try:
        r = subprocess.run([dot, "-Tsvg"], input=to_dot(chart).encode("utf-8"), capture_output=True,
                           timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GraphvizError(f"dot failed: {exc}") from None
    if r.returncode != 0:
        raise GraphvizError(f"dot failed: {r.stderr.decode('utf-8', 'replace').strip()}")
    return r.stdout.decode("utf-8")


# ---------------------------------------------------------------- files

SAFE_NAME = re.compile(r"[^\w\-]")


def file_stem(name: str, taken: set[str]) -> str:
    """A flow name as a file name: word characters (CJK included) and '-' kept, anything else
    (a separator, a dot) becomes '_'; a stem already taken gets a number."""
    stem = SAFE_NAME.sub("_", name) or "_"
    out, k = stem, 2
    while out.lower() in taken:
        out, k = f"{stem}_{k}", k + 1
    taken.add(out.lower())
    return out


def chart_files(charts: list[FlowChart]) -> dict[str, str]:
    """Flow name -> its file stem, for every chart (distinct stems, declaration order)."""
    taken: set[str] = {"readme"}
    return {c.name: file_stem(c.name, taken) for c in charts}


def flow_markdown(chart: FlowChart, stems: dict[str, str], run_by: list[str]) -> str:
    out = [f"# 事件 {chart.name}", "",
           f"`{chart.where}` — drawn by `sgs build` from the spec (do not edit); "
           f"`sgs graph {chart.name}` draws it as SVG too.", ""]
    if chart.timings:
        out.append("时机, in order: " + " → ".join(chart.timings) + ".")
    else:
        out.append("No timing of its own.")
    out.append("")
    out += ["```mermaid", to_mermaid(chart).rstrip("\n"), "```", ""]
    if chart.runs:
        out.append("Runs: " + "、".join(_link(n, stems) for n in chart.runs) + ".")
    if run_by:
        out.append("Run by: " + "、".join(_link(n, stems) for n in run_by) + ".")
    if chart.runs or run_by:
        out.append("")
    out.append("[All flows](README.md)")
    return "\n".join(out) + "\n"


def _link(name: str, stems: dict[str, str]) -> str:
    return f"[{name}]({stems[name]}.md)" if name in stems else name


def index_markdown(charts: list[FlowChart], stems: dict[str, str]) -> str:
    out = ["# The flows as charts", "",
           "Generated by `sgs build` from specs/ (do not edit): one chart per flow (事件), drawn",
           "from its spec — timings in order with the skills and cards that fire there (as in",
           "docs/timings.md), system steps, 若/否则 branches, 只要/循环 loops, 标签/转到 jumps, 终止",
           "and 执行 of other flows. `sgs graph [FLOW]` writes a chart as Mermaid and, when Graphviz",
           "is installed, as SVG (`--print mermaid` prints it instead).", "",
           "| 事件 | 参数 | 时机 | spec |", "|---|---|---|---|"]
    for c in charts:
        params = "，".join(f"{n}：{t}" for n, t in c.params) or "—"
        out.append(f"| [{c.name}]({stems[c.name]}.md) | {params} | {len(c.timings)} | `{c.where}` |")
    return "\n".join(out) + "\n"


def flow_docs(checker, module) -> dict[str, str]:
    """docs/flows/: file name -> text, for every flow, and the index README.md."""
    charts = flow_charts(checker, module)
    stems = chart_files(charts)
    run_by: dict[str, list[str]] = {}
    for c in charts:
        for r in c.runs:
            run_by.setdefault(r, []).append(c.name)
    files = {f"{stems[c.name]}.md": flow_markdown(c, stems, run_by.get(c.name, [])) for c in charts}
    files["README.md"] = index_markdown(charts, stems)
    return files


def write_chart(chart: FlowChart, directory: Path, stem: str) -> list[Path]:
    """DIR/stem.mmd always, DIR/stem.svg when `dot` is installed; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = [directory / f"{stem}.mmd"]
    written[0].write_text(to_mermaid(chart), encoding="utf-8")
    if dot_program() is not None:
        svg = directory / f"{stem}.svg"
        svg.write_text(to_svg(chart), encoding="utf-8")
        written.append(svg)
    return written


# ---------------------------------------------------------------- the command


def run(args, proj) -> int:
    """`sgs graph [FLOW] [--out DIR | --print mermaid|dot|svg]` over a checked, lowered project:
    writes DIR/<flow>.mmd and, when `dot` is installed, DIR/<flow>.svg; or prints."""
    import sys

    from .diagnostics import did_you_mean

    charts = flow_charts(proj.checker, proj.module)
    stems = chart_files(charts)
    if args.flow:
        chosen = [c for c in charts if c.name == args.flow]
        if not chosen:
            best = did_you_mean(args.flow, [c.name for c in charts])
            print(f"sgs graph: no flow (事件) named {args.flow}" + (f"; did you mean {best}?" if best else ""),
                  file=sys.stderr)
            return 1
        charts = chosen
    try:
        if args.print_format:
            render = {"mermaid": to_mermaid, "dot": to_dot, "svg": to_svg}[args.print_format]
            for k, c in enumerate(charts):
                if args.print_format == "mermaid" and len(charts) > 1:
                    print(("\n" if k else "") + f"%% 事件 {c.name}")
                print(render(c), end="")
            return 0
        for c in charts:
            for path in write_chart(c, Path(args.out), stems[c.name]):
                print(path)
        if dot_program() is None:
            print("sgs graph: Graphviz `dot` is not installed: wrote Mermaid only "
                  "(bash .ci/graphviz, or apt-get install graphviz)", file=sys.stderr)
    except GraphvizError as exc:
        print(f"sgs graph: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"sgs graph: cannot write the charts: {exc}", file=sys.stderr)
        return 1
    return 0
