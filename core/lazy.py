"""Lazy package facades (PEP 562): a facade names what it exports, the import happens on first use.

`import core.paths` runs `core/__init__.py` first; an eager facade there would
load the engine, pydantic and tree-sitter (~250 ms) for a caller that wanted a
folder name. A facade instead keeps a name -> module table and hands it to
`exports`; type checkers read the same names from its `if TYPE_CHECKING:` imports.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def exports(package: str, table: Mapping[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The `(__getattr__, __dir__)` pair of the facade `package` serving `table`'s names.

    The first access imports the owning module and caches the value in the
    facade's globals, so later accesses cost nothing and `from pkg import X`
    behaves exactly as with an eager facade.
    """

    def __getattr__(name: str) -> object:
        owner = table.get(name)
        if owner is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(owner), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *table})

    return __getattr__, __dir__
