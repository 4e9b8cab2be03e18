"""Real pack folders for tests: package.json, module files, SKILL.md, written to a tmp dir."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.packs import Catalog, PackRoot

SKILL = "---\nname: {name}\ndescription: test pack {name}\n---\n# {name}\nUse it.\n"


def make_pack(
    root: Path,
    name: str,
    files: dict[str, str | bytes] | None = None,
    *,
    modules: list[dict[str, Any]] | None = None,
    internal: list[str] | None = None,
    version: str = "1.0.0",
    description: str = "",
    field: str = "cordon",
    folder: str | None = None,
    skill: str | None = SKILL,
    extra: dict[str, Any] | None = None,
) -> Path:
    """Write a pack under `root` (installed layout `<scope>/<name>` unless `folder` is given)."""
    pack = root / (folder or name)
    pack.mkdir(parents=True, exist_ok=True)
    sandbox: dict[str, Any] = {
        "apiVersion": 1,
        "sandboxModules": modules if modules is not None else [{"name": ".", "kind": "js", "file": "index.js"}],
    }
    if internal is not None:
        sandbox["internal"] = internal
    manifest = {"name": name, "version": version, "description": description, field: sandbox, **(extra or {})}
    (pack / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    for rel, content in (files if files is not None else {"index.js": "export default 1;\n"}).items():
        path = pack / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    if skill is not None:
        (pack / "SKILL.md").write_text(skill.format(name=name), encoding="utf-8")
    return pack


def roots(tmp: Path) -> tuple[Path, Path, list[PackRoot]]:
    """(shipped dir, installed dir, roots) under `tmp`."""
    shipped, installed = tmp / "shipped", tmp / "installed"
    shipped.mkdir(exist_ok=True)
    installed.mkdir(exist_ok=True)
    return shipped, installed, [PackRoot(shipped, "shipped"), PackRoot(installed, "installed")]


def catalog(tmp: Path) -> Catalog:
    return Catalog(roots(tmp)[2])


def rules(cat: Catalog, severity: str | None = None) -> dict[str, str]:
    """{specifier or pack: rule} of the catalog's statuses."""
    return {
        (s.specifier or s.pack or ""): s.rule for s in cat.diagnostics() if severity is None or s.severity == severity
    }
