"""Package names, validated before one ever becomes a folder name.

A package name decides where a pack (or a dependency) lands on disk
(`packs/@scope/name`, `node_modules/@scope/name`), so a name from a registry,
a tarball or a folder goes through the pack specifier rule before use. That
rule leaves no room for `..`, separators or drive letters.
"""

from __future__ import annotations

from core.packs.install.errors import InstallError
from core.specifier import is_package_name


def validate_name(name: object, what: str = "package name") -> str:
    if not isinstance(name, str) or not is_package_name(name) or name.rsplit("/", 1)[-1] == "node_modules":
        raise InstallError(f"{what} {name!r} is not a valid npm package name", rule="package-name-invalid")
    return name


def split_spec(text: str) -> tuple[str, str]:
    """`name@range` / `@scope/name@range` / `name` -> (name, range-or-tag; "" for latest)."""
    at = text.find("@", 1)
    if at == -1:
        return validate_name(text), ""
    return validate_name(text[:at]), text[at + 1 :].strip()
