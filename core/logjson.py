"""A game log's lines (``Game.log``, docs/core-api.md): each event one JSON object on one line,
its values encoded so that a log reads the same compiled and pure (a frame by its id, a virtual
card by its name and cards, any other object by its type's name). Plain Python: it runs only when
a game logs (log level 1 and up). Split from core/engine.py (decision 0060)."""
import json


def log_value(v):
    """A value of an event as the log writes it."""
    if v is None or isinstance(v, (int, str, bool, float)):
        return v
    if isinstance(v, Frame):
        return {"frame": v.id}
    if isinstance(v, (list, tuple)):
        return [log_value(e) for e in v]
    if isinstance(v, VCard):
        return {"vcard": v.name, "cards": list(v.cards)}
    return "<%s>" % (type(v).__name__,)


def log_line(obj):
    """One event as one line of the log."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# the engine imports this module in its last lines, once Frame and VCard are defined
from core.engine import Frame, VCard  # noqa: E402
