"""SKILL.md: a pack's documentation for people and agents (warning-grade).

Frontmatter with `name` and `description`, a 16 KB cap. A missing or broken
skill only costs agent discoverability: it yields a warning status and never
disables a module, because a frontmatter typo must not break a workflow.
Those statuses are news for the pack's author (`cordon packs check`), not for
someone importing the pack (`PackStatus.for_authors`), and a pack Cordon wrote
around an npm library has no SKILL.md by design: it gets no status at all
(else every fresh npm pack would show a red "agents cannot discover it").
The body is third-party prompt content: it is never part of the one-line
catalog tier (see `Catalog.summaries`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import orjson

from core.packs.caps import MANIFEST_MAX, SKILL_MAX
from core.packs.files import read_contained, read_text
from core.packs.status import DiscoveryError

SKILL_FILE = "SKILL.md"
#: package.json field of a pack Cordon wrote around an npm library (`cordon packs install npm:<name>`):
#: `{"npm": library, "range": the range it follows}`.
WRAPPER_FIELD = "cordonWrapper"
_KEY = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*):\s*(.*)$")


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    body: str


def read_skill(root: Path) -> Skill | None:
    """Parse the pack's SKILL.md, or raise DiscoveryError with a `skill-*` rule; None for an npm
    library's wrapper without one (nobody could add it, and its user never wrote a skill)."""
    try:
        text = read_text(root, SKILL_FILE, SKILL_MAX, too_large="skill-too-large")
    except DiscoveryError as exc:
        if exc.rule == "module-missing-file":
            if npm_library_of(root) is not None:
                return None
            raise DiscoveryError(
                "the pack has no SKILL.md: agents cannot discover it (the modules still work)",
                rule="skill-missing",
                path=SKILL_FILE,
            ) from None
        raise DiscoveryError(
            exc.message, rule=exc.rule if exc.rule.startswith("skill-") else "skill-invalid", path=SKILL_FILE
        ) from None
    return parse_skill(text)


def npm_library_of(root: Path) -> str | None:
    """The npm library a pack folder wraps (its package.json's `cordonWrapper`), or None."""
    try:
        doc = orjson.loads(read_contained(root, "package.json", MANIFEST_MAX))
    except (DiscoveryError, orjson.JSONDecodeError):
        return None
    wrapper = doc.get(WRAPPER_FIELD) if isinstance(doc, dict) else None
    library = wrapper.get("npm") if isinstance(wrapper, dict) else None
    return library if isinstance(library, str) and library else None


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
