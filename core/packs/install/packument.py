"""The npm registry's documents as Cordon reads them: a packument, one version's manifest, a search row.

A registry's bytes are hostile, so only the fields Cordon reads are modelled, strictly typed (a list
where an object belongs, a number where a URL belongs is a `registry-error` refusal, never an
AttributeError deep in version choice); everything else is ignored. The packument is checked where it
is parsed; a version's manifest is checked when that version is chosen, because real packuments carry
ancient versions with odd fields (`dependencies: []`) that an install of today's version never reads.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.packs.install.errors import InstallError

#: The longest URL or SRI string a manifest may give (a real one is a few hundred characters).
MAX_FIELD_CHARS = 8192


class Dist(BaseModel):
    """Where a version's tarball is and which bytes it must have (`integrity` is checked by `integrity`)."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    tarball: str = Field(max_length=MAX_FIELD_CHARS)
    integrity: str = Field("", max_length=MAX_FIELD_CHARS)


class Manifest(BaseModel):
    """One entry of a packument's `versions`, as far as an install reads it."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    dist: Dist | None = None
    dependencies: dict[str, str] = {}


class Packument(BaseModel):
    """A package's metadata: its versions (each manifest checked when chosen, `manifest`) and dist-tags."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True, populate_by_name=True)

    versions: dict[str, dict[str, Any]]
    dist_tags: dict[str, str] = Field(default_factory=dict, alias="dist-tags")

    @classmethod
    def parse(cls, doc: object, name: str) -> Packument:
        """`doc` (parsed JSON) as a packument, or the `registry-error` refusal naming what is wrong."""
        try:
            return cls.model_validate(doc)
        except ValidationError as exc:
            raise malformed(exc, f"package '{name}'") from None

    def manifest(self, version: str, what: str) -> Manifest:
        """The manifest of `version` (one of `versions`), or the `registry-error` refusal."""
        try:
            return Manifest.model_validate(self.versions[version])
        except ValidationError as exc:
            raise malformed(exc, what) from None

    def deprecated(self) -> set[str]:
        """Versions whose manifest is deprecated: npm-pick-manifest tests `!mani.deprecated`, so any
        truthy value counts (a message string, as the registry writes it, or a hostile `true`)."""
        return {v for v, meta in self.versions.items() if meta.get("deprecated")}


class SearchPackage(BaseModel):
    """The `package` of one row of the search endpoint's `objects`; a row that does not fit is left out
    (one bad row never hides the others)."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    name: str = Field(max_length=MAX_FIELD_CHARS)
    version: str | None = Field(None, max_length=MAX_FIELD_CHARS)
    description: str | None = Field(None, max_length=MAX_FIELD_CHARS)
    keywords: list[str] = []


class SearchResult(BaseModel):
    """The search endpoint's answer: its rows, each checked on its own (`SearchPackage`)."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    objects: list[Any] = []

    def packages(self) -> list[SearchPackage]:
        """The rows that fit `SearchPackage`, in the registry's order."""
        found = []
        for item in self.objects:
            try:
                found.append(SearchPackage.model_validate(item.get("package") if isinstance(item, dict) else None))
            except ValidationError:
                continue
        return found


def malformed(exc: ValidationError, what: str) -> InstallError:
    """The refusal of a registry document that does not fit its model, naming the first bad field."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])[:120] or "the document"
    return InstallError(
        f"the registry's metadata for {what} is malformed: {where}: {first['msg']}", rule="registry-error"
    )
