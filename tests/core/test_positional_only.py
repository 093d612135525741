"""docs/decisions/0029: a function of the compiled core (the rooms, ruleset, decision, agents)
takes positional-only parameters unless some call in the repository passes it a keyword — its
wrapper then parses no keywords (less C to compile, the same calls)."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECKED = sorted(p for p in (ROOT / "core" / "prims").glob("*.py") if p.name != "__init__.py") + [
    ROOT / "core" / name for name in ("ruleset.py", "decision.py", "agents.py")]
SKIP = {".venv", ".git", "build", "node_modules"}


def _sources():
    for path in ROOT.rglob("*.py"):
        if not SKIP.intersection(path.relative_to(ROOT).parts):
            yield path


def _named_with_keywords():
    """The names of the functions some call passes a keyword to (``f(x=1)``, ``o.f(**kw)``)."""
    names = set()
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.keywords:
                f = node.func
                names.add(f.id if isinstance(f, ast.Name) else getattr(f, "attr", None))
    return names


def _functions(tree):
    """Module-level functions and the methods of module-level classes."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node
        elif isinstance(node, ast.ClassDef):
            yield from (n for n in node.body if isinstance(n, ast.FunctionDef))


def _accessor(fn):
    """A property or static/class method: called through its descriptor, not as a wrapper."""
    return any(isinstance(d, ast.Name) and d.id in ("property", "staticmethod", "classmethod")
               for d in fn.decorator_list)


def test_core_functions_are_positional_only_unless_called_with_keywords():
    keyworded = _named_with_keywords()
    loose = []
    for path in CHECKED:
        for fn in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            a = fn.args
            if a.args and not a.posonlyargs and not fn.name.startswith("__") \
                    and fn.name not in keyworded and not _accessor(fn):
                loose.append("%s:%d %s" % (path.relative_to(ROOT), fn.lineno, fn.name))
    assert not loose, "add `/` after the parameters (docs/decisions/0029): " + ", ".join(loose)


def test_a_keyword_call_is_refused_in_pure_mode_as_compiled():
    from core.prims import base

    player = base._player   # called through a variable: the test above looks for calls by name
    try:
        player(g=None, who=0)
    except TypeError as e:
        assert "positional-only" in str(e) or "keyword" in str(e)
    else:
        raise AssertionError("a keyword call of a positional-only function was accepted")
