"""Installing sandbox packs: registry client, safe extraction, staging, consent and trust.

No npm process ever runs (so no lifecycle script can), every download is
integrity-checked before it is unpacked, unpacking refuses anything unsafe,
and nothing is placed until a person has seen a `ConsentRequest` and said yes.
"""

from __future__ import annotations

from core.packs.install.consent import INSTALL_MODE, ConsentRequest, NpmModuleStatus, grant_text
from core.packs.install.errors import InstallError
from core.packs.install.flow import (
    InstallSource,
    commit_install,
    discard,
    prepare_install,
    registry_token,
    remove,
)
from core.packs.install.registry import DEFAULT_REGISTRY, REGISTRY_ENV, Progress
from core.packs.install.staging import recover
from core.packs.install.trust import decisions, docs_for_agent, forget, is_trusted, set_trust, skill_for_agent

__all__ = [
    "DEFAULT_REGISTRY",
    "INSTALL_MODE",
    "REGISTRY_ENV",
    "ConsentRequest",
    "InstallError",
    "InstallSource",
    "NpmModuleStatus",
    "Progress",
    "commit_install",
    "decisions",
    "discard",
    "docs_for_agent",
    "forget",
    "grant_text",
    "is_trusted",
    "prepare_install",
    "recover",
    "registry_token",
    "remove",
    "set_trust",
    "skill_for_agent",
]
