"""Installing sandbox packs: registry client, safe extraction, staging, consent and trust.

No npm process ever runs (so no lifecycle script can), every download is
integrity-checked before it is unpacked, unpacking refuses anything unsafe,
and nothing is placed until a person has seen a `ConsentRequest` and said yes.
The exports load on first use (`core.lazy`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import lazy

if TYPE_CHECKING:
    from core.packs.caps import MB, NPM_JS_CEILING, NPM_JS_MAX
    from core.packs.install.consent import (
        INSTALL_MODE,
        INSTALL_MODE_DETAIL,
        ConsentRequest,
        NpmModuleStatus,
        grant_text,
    )
    from core.packs.install.errors import InstallError
    from core.packs.install.flow import (
        InstallSource,
        commit_install,
        discard,
        prepare_install,
        recorded_source,
        registry_token,
        remove,
    )
    from core.packs.install.registry import DEFAULT_REGISTRY, PROGRESS_UNITS, REGISTRY_ENV, Progress
    from core.packs.install.staging import recover
    from core.packs.install.trust import decisions, docs_for_agent, forget, is_trusted, set_trust, skill_for_agent
    from core.packs.install.updates import Outdated, outdated
    from core.packs.install.versions import VERSIONS_SHOWN, PackageVersions, newest_versions, package_versions

_EXPORTS = {
    # an npm library's bundle limit (`--max-bundle-size`): its unit, default and ceiling
    "MB": "core.packs.caps",
    "NPM_JS_CEILING": "core.packs.caps",
    "NPM_JS_MAX": "core.packs.caps",
    "INSTALL_MODE_DETAIL": "core.packs.install.consent",
    "VERSIONS_SHOWN": "core.packs.install.versions",
    "PackageVersions": "core.packs.install.versions",
    "newest_versions": "core.packs.install.versions",
    "package_versions": "core.packs.install.versions",
    "DEFAULT_REGISTRY": "core.packs.install.registry",
    "PROGRESS_UNITS": "core.packs.install.registry",
    "INSTALL_MODE": "core.packs.install.consent",
    "REGISTRY_ENV": "core.packs.install.registry",
    "ConsentRequest": "core.packs.install.consent",
    "InstallError": "core.packs.install.errors",
    "InstallSource": "core.packs.install.flow",
    "NpmModuleStatus": "core.packs.install.consent",
    "Outdated": "core.packs.install.updates",
    "Progress": "core.packs.install.registry",
    "commit_install": "core.packs.install.flow",
    "decisions": "core.packs.install.trust",
    "discard": "core.packs.install.flow",
    "docs_for_agent": "core.packs.install.trust",
    "forget": "core.packs.install.trust",
    "grant_text": "core.packs.install.consent",
    "is_trusted": "core.packs.install.trust",
    "outdated": "core.packs.install.updates",
    "prepare_install": "core.packs.install.flow",
    "recorded_source": "core.packs.install.flow",
    "recover": "core.packs.install.staging",
    "registry_token": "core.packs.install.flow",
    "remove": "core.packs.install.flow",
    "set_trust": "core.packs.install.trust",
    "skill_for_agent": "core.packs.install.trust",
}
__getattr__, __dir__ = lazy.exports(__name__, _EXPORTS)

__all__ = [
    "DEFAULT_REGISTRY",
    "INSTALL_MODE",
    "INSTALL_MODE_DETAIL",
    "MB",
    "NPM_JS_CEILING",
    "NPM_JS_MAX",
    "PROGRESS_UNITS",
    "REGISTRY_ENV",
    "VERSIONS_SHOWN",
    "ConsentRequest",
    "InstallError",
    "InstallSource",
    "NpmModuleStatus",
    "Outdated",
    "PackageVersions",
    "Progress",
    "commit_install",
    "decisions",
    "discard",
    "docs_for_agent",
    "forget",
    "grant_text",
    "is_trusted",
    "newest_versions",
    "outdated",
    "package_versions",
    "prepare_install",
    "recorded_source",
    "recover",
    "registry_token",
    "remove",
    "set_trust",
    "skill_for_agent",
]
