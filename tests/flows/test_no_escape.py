"""No Python escape hatch under specs/: the rules are .sgs text read by the grammar and the
declared vocabulary, never code.  A primitive is bound by name (`原语 NAME`) to a function
of the runtime library core/prims/; the name is a plain identifier."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"

# Python (or shell) in any line, comments included: keywords and calls that would run code
FORBIDDEN = [
    (re.compile(r"\bimport\b"), "import"),
    (re.compile(r"\bfrom\s+[A-Za-z_][\w.]*\s+import\b"), "from … import"),
    (re.compile(r"\bdef\s+[A-Za-z_]"), "def"),
    (re.compile(r"\blambda\b"), "lambda"),
    (re.compile(r"\bexec\s*\("), "exec("),
    (re.compile(r"\beval\s*\("), "eval("),
    (re.compile(r"\bcompile\s*\("), "compile("),
    (re.compile(r"\b(?:getattr|setattr|globals|locals|vars|open)\s*\("), "builtin call"),
    (re.compile(r"__\w+__"), "dunder"),
    (re.compile(r"\b(?:os|sys|subprocess|importlib|builtins)\."), "module attribute"),
    (re.compile(r"```"), "code fence"),
    (re.compile(r"\bpython\b", re.I), "python"),
]
PRIM = re.compile(r"原语\s+(\S+)")
IDENT = re.compile(r"[a-z_][a-z0-9_]*")


def spec_files():
    return sorted(SPECS.rglob("*"))


def test_specs_are_only_sgs_text():
    """.sgs files only, and the one table of which folders make each game (data, no code)."""
    files = [p for p in spec_files() if p.is_file()]
    assert files
    assert [p for p in files if p.suffix != ".sgs" and p != SPECS / "rulebooks.toml"] == []


def test_no_python_in_specs():
    hits = []
    for p in spec_files():
        if not p.is_file():
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            for rx, what in FORBIDDEN:
                if rx.search(line):
                    hits.append("%s:%d: %s: %s" % (p.relative_to(ROOT), n, what, line.strip()))
    assert not hits, "\n".join(hits)


def test_primitives_are_plain_names(identity):
    """Every 原语 is an identifier, and the generated code calls no primitive the specs do
    not name (besides the control functions of docs/ir.md, compiler.emit.CONTROL)."""
    from compiler.emit import CONTROL

    names = set()
    for p in SPECS.rglob("*.sgs"):
        for line in p.read_text(encoding="utf-8").splitlines():
            code = line.split("#", 1)[0]
            for m in PRIM.finditer(code):
                names.add(m.group(1))
    assert names
    assert sorted(n for n in names if not IDENT.fullmatch(n)) == []
    assert sorted(set(identity.PRIMITIVES) - names - CONTROL) == []
