"""What versions a registry offers for a package: the pack manager's "Find versions".

The registry's answer is untrusted input: malformed version strings (which the
installer would never pick either) are dropped and a flood is cut to
`VERSIONS_SHOWN`, newest first, so a list a person picks from stays a list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.cancel import CancelHandle
from core.packs.install.flow import registry_token
from core.packs.install.names import validate_name
from core.packs.install.registry import Registry, registry_url
from core.packs.install.semver import RangeError, Version

#: The most versions `package_versions` lists (the newest ones).
VERSIONS_SHOWN = 200


@dataclass(frozen=True)
class PackageVersions:
    #: Valid semantic versions, newest first, at most `VERSIONS_SHOWN`.
    versions: tuple[str, ...]
    #: The registry's `latest` dist-tag, if it names one.
    latest: str | None


def package_versions(name: str, *, registry: str | None = None, cancel: CancelHandle | None = None) -> PackageVersions:
    """Ask the registry (with its stored token, if any) which versions of package `name` it has.

    Blocks on the network; `cancel` stops the request. A bad name is refused before any request
    (`package-name-invalid`), an unknown package by the registry client.
    """
    validate_name(name)
    base = registry_url(registry)
    with Registry(base, token=registry_token(base), cancel=cancel) as client:
        doc = client.packument(name)
    return PackageVersions(tuple(newest_versions(doc.versions)), doc.dist_tags.get("latest"))


def newest_versions(versions: Iterable[str]) -> list[str]:
    """The valid semantic versions among `versions`, newest first, at most `VERSIONS_SHOWN`."""
    parsed = []
    for text in versions:
        try:
            parsed.append((Version.parse(text), text))
        except RangeError:
            continue
    return [text for _, text in sorted(parsed, reverse=True)[:VERSIONS_SHOWN]]
