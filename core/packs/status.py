"""Named statuses of pack discovery and resolution.

A pack problem is never an exception that escapes discovery: each becomes a
`PackStatus` naming its rule, shown by `cordon packs list`, validation and the
GUI, while every other pack keeps loading. These are the catalog's own
statuses, separate from anything a node pack might report.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from core.errors import CordonError
from core.rules import problem_line

Severity = Literal["error", "warning"]
#: Rules about a pack's agent documentation (SKILL.md): for its author (`cordon packs check`), never shown
#: as a problem to someone who imports the pack (the pack manager, `cordon packs list|show`).
AUTHOR_RULE_PREFIXES = ("skill-",)


@dataclass(frozen=True)
class PackStatus:
    rule: str
    message: str
    severity: Severity = "error"
    pack: str | None = None
    specifier: str | None = None
    #: Pack-relative file the status is about (never an absolute path).
    path: str | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @property
    def for_authors(self) -> bool:
        """Whether only the pack's author can act on this (its SKILL.md): kept out of users' views."""
        return self.rule.startswith(AUTHOR_RULE_PREFIXES)

    @property
    def where(self) -> str:
        """`specifier (path:line)`, as much of it as is known."""
        where = self.specifier or self.pack or ""
        if self.path:
            where = f"{where} ({self.path}{f':{self.line}' if self.line else ''})".strip()
        return where

    def __str__(self) -> str:
        return problem_line(self.message, self.rule, where=self.where, severity=self.severity)


class DiscoveryError(CordonError):
    """Raised inside discovery for one pack or module; always caught and turned into a status."""

    name = "PackError"

    def __init__(self, message: str, *, rule: str, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message, rule=rule)
        self.path = path
        self.line = line

    def status(self, *, pack: str | None, specifier: str | None = None, severity: Severity = "error") -> PackStatus:
        return PackStatus(self.rule, self.message, severity, pack, specifier, self.path, self.line)
