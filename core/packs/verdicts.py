"""The sandbox's verdict on npm libraries Cordon has bundled and test-loaded, kept for search.

Whether a library can be admitted is only known once it was fetched, bundled and
probed (an install or an update: `prepare_install`, whether or not the person
then said yes). Each outcome is kept here, so `cordon packs search` and the pack
manager can say before the next install "refused: npm-builtin-fs" or "admitted"
instead of guessing; a library never tried says so. Kept through `core.cache`
(one small JSON entry Cordon checks byte for byte): losing it only costs the hint.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from core import cache

logger = logging.getLogger(__name__)

ENTRY = "npm/verdicts.json"
#: Libraries remembered at most (the oldest verdicts go first); a verdict is ~200 bytes.
MAX_VERDICTS = 2000
_lock = threading.Lock()


class ModuleOutcome(Protocol):
    """What the installer knows of one compiled module (`NpmModuleStatus`)."""

    @property
    def dependency(self) -> str: ...
    @property
    def ok(self) -> bool: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def message(self) -> str: ...


@dataclass(frozen=True)
class Verdict:
    library: str
    version: str
    admitted: bool
    rule: str | None = None
    message: str = ""

    def text(self) -> str:
        """ "admitted (tried 4.1.0)" or "refused: npm-builtin-fs (tried 1.2.0)"."""
        state = "admitted" if self.admitted else f"refused: {self.rule or 'unknown rule'}"
        return f"{state} (tried {self.version})"


def _load() -> dict[str, dict[str, Any]]:
    data = cache.read(ENTRY)
    try:
        doc = orjson.loads(data) if data is not None else {}
    except orjson.JSONDecodeError:
        return {}
    return {k: v for k, v in doc.items() if isinstance(v, dict)} if isinstance(doc, dict) else {}


def remember(library: str, version: str, modules: Iterable[ModuleOutcome]) -> None:
    """Keep the verdict on `library@version` from its modules: the library's own entry decides (its
    first module when the entry `.` was not wrapped)."""
    outcomes = list(modules)
    if not outcomes:
        return
    main = next((m for m in outcomes if m.dependency == library), outcomes[0])
    record = {"version": version, "ok": main.ok, "rule": main.rule, "message": main.message[:500], "at": time.time()}
    try:
        with _lock:
            known = _load()
            known.pop(library, None)
            known[library] = record
            while len(known) > MAX_VERDICTS:
                known.pop(next(iter(known)))
            cache.write(ENTRY, orjson.dumps(known))
    except OSError:
        logger.warning("could not keep the verdict on %s", library, exc_info=True)


def known() -> dict[str, Verdict]:
    """Every kept verdict, by library name."""
    with _lock:
        raw = _load()
    out = {}
    for library, doc in raw.items():
        rule = doc.get("rule")
        out[library] = Verdict(
            library,
            str(doc.get("version", "")),
            doc.get("ok") is True,
            rule if isinstance(rule, str) else None,
            str(doc.get("message", "")),
        )
    return out
