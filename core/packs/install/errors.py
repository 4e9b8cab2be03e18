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
