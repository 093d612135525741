"""`sgs graph` and docs/flows/: every flow drawn from its spec (compiler/graph.py).

The charts are read back (the Mermaid text, and the SVG Graphviz draws) and compared with
the book's list of the damage flow's timings, independently of the code that drew them.
"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from flowkit import book_flows
from test_timings_report import DERIVED, report_sections

from compiler import graph as G
from compiler.frontend import parse_source
from compiler.source import Source

ROOT = Path(__file__).resolve().parents[2]


def sgs(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd, capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def damage_timings_from_the_book():
    """The damage flow's timings as seed 000 lists them, with the per-point timings the
    report explains (DERIVED) right after their once-per-damage timing."""
    names = [name for _, name in book_flows()["damage"]]
    for ev, derived in sorted(DERIVED):
        if ev == "伤害":
            once = derived.replace("1点", "")
            names.insert(names.index(once) + 1, derived)
    return names


def test_docs_flows_are_fresh(generated):
    """docs/flows/ is what `sgs build` writes from the specs now: no chart stale, none left over."""
    outputs, _ = generated
    flows = {o.path.name: o.text for o in outputs if o.path.parent == ROOT / "docs" / "flows"}
    assert "README.md" in flows and "伤害.md" in flows
    # (another rulebook's charts are in a folder of their own, docs/flows/<key>/)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "flows").glob("*") if p.is_file()}
    stale = sorted(n for n in flows if on_disk.get(n) != flows[n])
    extra = sorted(set(on_disk) - set(flows))
    assert not stale and not extra, f"run `sgs build --pure`: stale {stale}, left over {extra}"


def test_every_flow_charted_with_its_timings_in_order(generated):
    """Each docs/flows page's chart reads back to the timings of its flow as docs/timings.md
    lists them, and the index names every flow."""
    outputs, _ = generated
    report = report_sections(next(o.text for o in outputs if o.path.name == "timings.md"))
    pages = {o.path.name: o.text for o in outputs if o.path.parent == ROOT / "docs" / "flows"}
    index = pages.pop("README.md")
    for name, rows in report.items():
        stem = G.SAFE_NAME.sub("_", name)
        assert f"]({stem}.md)" in index
        chart = re.search(r"```mermaid\n(.*?)```", pages[f"{stem}.md"], re.S).group(1)
        assert G.parse_mermaid_timings(chart) == ["／".join(r) for r in rows], name


def test_sgs_graph_damage_mermaid(tmp_path):
    r = sgs("graph", "伤害", "--print", "mermaid")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("flowchart TD\n")
    assert G.parse_mermaid_timings(r.stdout) == damage_timings_from_the_book()
    # the skills that fire at a timing are in its box; the sub-event it runs is a node
    box = next(l for l in r.stdout.splitlines() if "时机 受到伤害后<br/>" in l)
    assert "〖刚烈〗(夏侯惇)" in box and "〖反馈〗(司马懿)" in box
    assert "执行 扣减体力（" in r.stdout
    # the edges follow the book's order: walking the chart from its start, the timings come
    # in order (a branch's 是 first)
    assert walk_timings(r.stdout) == damage_timings_from_the_book()


def walk_timings(mermaid: str) -> list[str]:
    labels, succ = {}, {}
    for line in mermaid.splitlines():
        m = G.MERMAID_NODE.match(line)
        if m:
            labels[m.group(1)] = m.group(2).split("<br/>")[0] if m.group(3) == "timing" else None
        m = re.match(r"^  (n\d+) (-->|-\.->)(?:\|([^|]*)\|)? (n\d+)$", line)
        if m:
            succ.setdefault(m.group(1), []).append((m.group(3) != "否", m.group(2) == "-->", m.group(4)))
    seen, out, stack = set(), [], ["n0"]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        if labels.get(n):
            out.append(labels[n][len("时机 "):])
        # visit forward edges, 是 before 否 (pushed last = popped first)
        nxt = sorted((e for e in succ.get(n, []) if e[1]), key=lambda e: e[0])
        stack += [e[2] for e in nxt]
    return out


def test_sgs_graph_writes_mermaid_and_svg(tmp_path):
    """`sgs graph 伤害` writes the chart as Mermaid, and as SVG where Graphviz is (the SVG's
    timings read back too)."""
    r = sgs("graph", "伤害", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "build/flows/伤害.mmd").exists()
    assert G.parse_mermaid_timings((tmp_path / "build/flows/伤害.mmd").read_text(encoding="utf-8")) == \
        damage_timings_from_the_book()
    if shutil.which("dot") is None:
        assert "Graphviz `dot` is not installed" in r.stderr
        pytest.skip("Graphviz `dot` is not installed: no SVG to read")
    r = sgs("graph", "伤害", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    svg = tmp_path / "伤害.svg"
    assert svg.exists() and (tmp_path / "伤害.mmd").exists()
    assert G.parse_mermaid_timings((tmp_path / "伤害.mmd").read_text(encoding="utf-8")) == \
        damage_timings_from_the_book()
    ns = {"s": "http://www.w3.org/2000/svg"}
    root = ET.parse(svg).getroot()
    timings = []
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") == "node timing":
            first = g.find("s:text", ns).text
            timings.append(first[len("时机 "):])
    assert timings == damage_timings_from_the_book()
    r = sgs("graph", "伤害", "--print", "svg")
    assert r.returncode == 0 and r.stdout.lstrip().startswith("<?xml")


def test_unknown_flow_suggests():
    r = sgs("graph", "伤", "--print", "mermaid")
    assert r.returncode == 1
    assert "no flow (事件) named 伤; did you mean 伤害?" in r.stderr


FLOW = """\
事件 试（甲：角色）
  标签 起点
  时机 开始时 主体 甲
  若甲已死亡：
    终止
  否则：
    甲摸一张牌。
  只要甲的手牌数小于三：
    时机 摸牌后 主体 甲
    转到 起点
  循环 乙 取遍 所有角色：
    执行 伤害（甲，乙，一）
  时机 "结束"<b>&amp; 主体 甲
"""


def chart_of(text: str) -> G.FlowChart:
    spec, diags = parse_source(Source("t.sgs", text))
    assert not diags, diags
    return G.flow_chart(spec.decls[0], {"开始时": (["〖甲〗(乙)"], {"使用时机": ["【杀】"]})})


def test_chart_shapes_and_jumps():
    c = chart_of(FLOW)
    kinds = [n.kind for n in c.nodes]
    assert kinds == ["start", "label", "timing", "if", "stop", "step", "while", "timing", "loop", "exec",
                     "timing", "end"]
    assert c.timings == ["开始时", "摸牌后", '"结束"<b>&amp;']
    assert c.runs == ["伤害"]
    edges = {(e.src, e.dst, e.label, e.jump) for e in c.edges}
    assert ("n7", "n1", "转到", True) in edges          # 转到 起点: a dashed jump to the label
    assert ("n3", "n4", "是", False) in edges and ("n3", "n5", "否", False) in edges
    assert ("n9", "n8", "", True) in edges              # the loop's back edge
    assert ("n6", "n8", "否", False) in edges and ("n8", "n10", "取遍后", False) in edges
    timing = c.nodes[2].lines
    assert timing == ["时机 开始时", "主体 甲", "〖甲〗(乙)", "使用时机：【杀】"]


def test_spec_text_stays_label_text():
    """A name with quotes, markup or an entity: literal in Mermaid (entity codes) and in DOT
    (escaped), read back unchanged; never a file path outside the folder."""
    c = chart_of(FLOW)
    m = G.to_mermaid(c)
    assert '"结束"<b>' not in m and "<b>" not in m and "&amp;" not in m
    assert G.parse_mermaid_timings(m)[-1] == '"结束"<b>&amp;'
    d = G.to_dot(c)
    assert '\\"结束\\"<b>&amp;' in d
    taken = set()
    assert G.file_stem("../../etc/x", taken) == "______etc_x"
    assert G.file_stem("../../etc/x", taken) == "______etc_x_2"
    assert G.file_stem("伤害", taken) == "伤害"


def test_long_lines_break_after_separators():
    assert G.wrap_line("〖反馈〗(司马懿)、〖刚烈〗(夏侯惇)、〖奸雄〗(曹操)", 22) == \
        ["〖反馈〗(司马懿)、〖刚烈〗(夏侯惇)、", "〖奸雄〗(曹操)"]
    assert G.wrap_line("甲" * 30, 22) == ["甲" * 22, "甲" * 8]
