# The card of frame fr's card event, or None (no such event, or none yet): the slot of the
# event's frame that holds it (a use's, a target's use's and a play's slot 1, a 延时锦囊's use's
# slot 0), or (the pre flows) the card its scratch names last. The rule once, as text: a .pxd
# that includes it has it inline, its EVI_* the including module's own C ints (it declares
# EVI_DELAYED_USE, EVI_PLAY, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE and EVI_USE, and cimports
# Tables, Frame and X_LASTCARD), read as its own globals: resolving.pxd includes it (_card_ctx's
# walks, _card_of_event), and a room that reads the rule in place includes it too, where a copy
# of the rule would be kept in step by a test (usable's scan set-up: the last review's D8), and
# where cimporting it from resolving would read resolving's C ints through pointers (+6.3 k in
# the six games at usable's ~1,350 set-ups). Uncompiled, resolving.py's def of this name, the
# same rule (resolving._card_of_event answers it).
from core.prims.fast cimport _prog_evi_fast, _slot_fast, _get_fast
cdef inline object _card_of_event_fast(Tables t, Frame fr):
    cdef int e = _prog_evi_fast(t, fr.prog)
    if e == EVI_TARGET_USE or e == EVI_USE or e == EVI_PLAY:
        return _slot_fast(fr, 1, None)
    if e == EVI_DELAYED_USE:
        return _slot_fast(fr, 0, None)
    if e == EVI_PRE_USE or e == EVI_PRE_PLAY:
        return _get_fast(fr, X_LASTCARD)
    return None
