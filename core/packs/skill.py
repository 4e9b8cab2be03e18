"""SKILL.md: a pack's documentation for people and agents (warning-grade).

Frontmatter with `name` and `description`, a 16 KB cap. A missing or broken
skill only costs agent discoverability: it yields a warning status and never
disables a module, because a frontmatter typo must not break a workflow.
The body is third-party prompt content: it is never part of the one-line
catalog tier (see `Catalog.summaries`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from core.packs.caps import SKILL_MAX
from core.packs.files import read_text
from core.packs.status import DiscoveryError

SKILL_FILE = "SKILL.md"
_KEY = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*):\s*(.*)$")


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    body: str


def read_skill(root: Path) -> Skill:
    """Parse the pack's SKILL.md, or raise DiscoveryError with a `skill-*` rule."""
    try:
        text = read_text(root, SKILL_FILE, SKILL_MAX, too_large="skill-too-large")
    except DiscoveryError as exc:
        if exc.rule == "module-missing-file":
            raise DiscoveryError(
                "the pack has no SKILL.md: agents cannot discover it (the modules still work)",
                rule="skill-missing",
                path=SKILL_FILE,
            ) from None
        raise DiscoveryError(
            exc.message, rule=exc.rule if exc.rule.startswith("skill-") else "skill-invalid", path=SKILL_FILE
        ) from None
    return parse_skill(text)


def parse_skill(text: str) -> Skill:
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        raise _invalid("SKILL.md must start with a '---' frontmatter block")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise _invalid("SKILL.md frontmatter is not closed by '---'") from None
    fields: dict[str, str] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _KEY.match(line)
        if match is None:
            raise _invalid(f"SKILL.md frontmatter line {number} is not `key: value`", line=number)
        fields[match.group(1)] = match.group(2).strip().strip("'\"")
    missing = [k for k in ("name", "description") if not fields.get(k)]
    if missing:
        raise _invalid(f"SKILL.md frontmatter lacks {' and '.join(missing)}")
    return Skill(fields["name"], fields["description"], "\n".join(lines[end + 1 :]).strip())


def _invalid(message: str, line: int | None = None) -> DiscoveryError:
    return DiscoveryError(message, rule="skill-frontmatter-invalid", path=SKILL_FILE, line=line)
