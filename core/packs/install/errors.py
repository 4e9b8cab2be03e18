"""The one error type of installing: every refusal names its rule.

Rules (stable, kebab-case; the GUI and tests match on them):
registry-error, package-not-found, version-not-found, package-name-invalid,
package-name-mismatch, integrity-missing, integrity-mismatch, download-too-large,
download-incomplete, archive-corrupt, archive-unsafe-path, archive-link,
archive-special-file, archive-duplicate-entry, archive-too-large,
archive-too-many-entries, manifest-invalid, host-code-refused,
dependency-missing, dependency-unsupported, dependency-limit, install-stale,
pack-not-installed, cancelled, usage (a source path that does not exist).
"""

from __future__ import annotations

from core.errors import CordonError


class InstallError(CordonError):
    """Installing, removing or verifying a pack was refused; nothing was placed."""

    rule = "install-error"
    name = "InstallError"

    def __init__(
        self, message: str, *, rule: str | None = None, name: str | None = None, npm_library: str | None = None
    ) -> None:
        super().__init__(message, rule=rule, name=name)
        #: Set when the package is a plain npm library, not a sandbox pack: it installs as `npm:<this>`
        #: (the pack manager says so, rather than a `manifest-invalid` that names no way forward).
        self.npm_library = npm_library
