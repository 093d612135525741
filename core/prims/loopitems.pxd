# 循环 甲 取遍 v's items in place (docs/performance.md, step 122c): `_items_in(g, f, v)` is
# flow._items compiled into the generated unit that asks it — v a tuple (此次移动的牌, a target
# list: ~9,300 of the six games' ~11,300 loops) answered as it is, where the call across modules
# paid its entry, its exit and its arguments' references; anything else goes to flow._items, the
# one definition, which pure mode runs. compiler.emit (INLINED) writes its name; a unit cimports it
# compiled only. A declaration file only: no module of this name exists.

from core.engine cimport Game, Frame
from core.prims.flow cimport _items

cdef inline tuple _items_in(Game g, Frame f, object v):
    if type(v) is tuple:
        return <tuple>v
    return _items(g, f, v)
