"""The sandbox field of a pack's package.json, as pydantic discriminated unions.

A pack declares its sandbox modules in the `cordon` field (or `nodetool`, so
packs written for the reference load unchanged):

    {"apiVersion": 1,
     "sandboxModules": [
        {"name": ".", "kind": "js", "file": "sandbox/geo.js"},
        {"name": "yaml", "kind": "js", "npm": "js-yaml"},
        {"name": "hash", "kind": "host", "host": "cordon.hash"},
        {"name": "simplify", "kind": "wasm", "file": "sandbox/s.wasm", "memoryPagesMax": 16,
         "exports": ["simplify", {"wasm": "foo-bar", "as": "fooBar"}]}],
     "internal": ["sandbox/util.js"]}

package.json is untrusted input: every entry is validated on its own, so one
malformed entry is one named status and the pack's other modules still load.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from core.limits import SandboxLimits
from core.packs.caps import WASM_PAGES_CEILING
from core.specifier import is_package_name, module_name_problem

#: Fields a pack may use for its sandbox configuration, in order of preference.
SANDBOX_FIELDS = ("cordon", "nodetool")
API_VERSION = 1

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_RESERVED_WORDS = frozenset(
    {
        "await",
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "implements",
        "import",
        "in",
        "instanceof",
        "interface",
        "let",
        "new",
        "null",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "static",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "yield",
        "arguments",
        "eval",
        "undefined",
        "NaN",
        "Infinity",
        "then",
        "constructor",
        "__proto__",
        "prototype",
    }
)


def is_export_identifier(name: str) -> bool:
    """A valid, non-reserved JavaScript identifier (what a facade can export)."""
    return _IDENTIFIER.fullmatch(name) is not None and name not in _RESERVED_WORDS


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str

    @field_validator("name")
    @classmethod
    def _valid_name(cls, value: str) -> str:
        problem = module_name_problem(value)
        if problem:
            raise ValueError(problem)
        return value


class JsFileEntry(_Entry):
    """Authored guest JavaScript shipped as a file of the pack."""

    kind: Literal["js"]
    file: str = Field(min_length=1, max_length=500)


class JsNpmEntry(_Entry):
    """Guest JavaScript compiled from one of the pack's npm dependencies."""

    kind: Literal["js"]
    #: A dependency (`js-yaml`) or one of its entry points (`date-fns/locale`), as an import would name it.
    npm: str = Field(min_length=1, max_length=500)

    @field_validator("npm")
    @classmethod
    def _valid_dependency(cls, value: str) -> str:
        package, subpath = split_npm_target(value)
        if not is_package_name(package) or any(module_name_problem(part) for part in subpath):
            raise ValueError(
                f"npm dependency {value!r} is not a package name, optionally followed by "
                "/-separated entry point segments"
            )
        return value

    @property
    def package(self) -> str:
        """The dependency the module compiles from (`date-fns` for `date-fns/locale`)."""
        return split_npm_target(self.npm)[0]


def split_npm_target(value: str) -> tuple[str, list[str]]:
    """`@s/p/x/y` -> (`@s/p`, [`x`, `y`]); `p` -> (`p`, [])."""
    parts = value.split("/")
    count = 2 if value.startswith("@") else 1
    return "/".join(parts[:count]), parts[count:]


class HostEntry(_Entry):
    """A first-party module implemented on the host; resolved only through the host registry."""

    kind: Literal["host"]
    host: str = Field(min_length=1, max_length=100, pattern=r"^[a-z0-9][a-z0-9._-]*$")


class WasmExport(BaseModel):
    """One exported WASM function: its name in the binary and its JavaScript name (`as`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    wasm: str = Field(min_length=1, max_length=200)
    as_: str = Field(alias="as", min_length=1, max_length=100)

    @field_validator("as_")
    @classmethod
    def _valid_js_name(cls, value: str) -> str:
        if not is_export_identifier(value):
            raise ValueError(
                f"export name {value!r} is not a valid, non-reserved JavaScript identifier; "
                'map it explicitly: {"wasm": "<binary name>", "as": "<jsName>"}'
            )
        return value


def _export_item(value: Any) -> Any:
    return {"wasm": value, "as": value} if isinstance(value, str) else value


class WasmEntry(_Entry):
    """A WASM binary run on the host behind a generated facade (scalar-only in v1).

    The optional budget fields may only *lower* the run's limits of the same
    name (`budget()` applies that); they can never raise them.
    """

    kind: Literal["wasm"]
    file: str = Field(min_length=1, max_length=500)
    memoryPagesMax: int = Field(ge=1, le=WASM_PAGES_CEILING)
    exports: tuple[WasmExport, ...] = Field(min_length=1, max_length=256)
    wasmCallTimeoutMs: int | None = Field(None, ge=1)
    wasmMaxCalls: int | None = Field(None, ge=1)
    wasmMaxConcurrency: int | None = Field(None, ge=1)
    wasmAggregateMs: int | None = Field(None, ge=1)

    @field_validator("exports", mode="before")
    @classmethod
    def _names_or_mappings(cls, value: Any) -> Any:
        return tuple(_export_item(v) for v in value) if isinstance(value, list) else value

    @model_validator(mode="after")
    def _unique_exports(self) -> WasmEntry:
        names = [e.as_ for e in self.exports]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"duplicate export names: {', '.join(dupes)}")
        return self

    def budget(self, limits: SandboxLimits) -> dict[str, int]:
        """The run's WASM budgets, lowered (never raised) by this entry's fields."""
        out = {}
        for key in ("wasmCallTimeoutMs", "wasmMaxCalls", "wasmMaxConcurrency", "wasmAggregateMs"):
            ours = getattr(self, key)
            theirs = getattr(limits, key)
            out[key] = theirs if ours is None else min(ours, theirs)
        return out


def _entry_tag(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        value = value.model_dump(by_alias=True)
    if not isinstance(value, dict):
        return None
    kind = value.get("kind")
    if kind == "js":
        return "js-npm" if "npm" in value and "file" not in value else "js-file"
    return kind if kind in ("host", "wasm") else None


SandboxEntry = Annotated[
    Annotated[JsFileEntry, Tag("js-file")]
    | Annotated[JsNpmEntry, Tag("js-npm")]
    | Annotated[HostEntry, Tag("host")]
    | Annotated[WasmEntry, Tag("wasm")],
    Discriminator(
        _entry_tag,
        custom_error_type="invalid-kind",
        custom_error_message='kind must be "js" (with "file" or "npm"), "host" or "wasm"',
    ),
]
_ENTRY = TypeAdapter(SandboxEntry)


class SandboxField(BaseModel):
    """The pack-level sandbox configuration. Entries stay raw here; see `parse_entry`."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    apiVersion: Literal[1]
    sandboxModules: list[Any] = Field(default_factory=list, max_length=256)
    internal: list[str] = Field(default_factory=list, max_length=1024)


class PackageJson(BaseModel):
    """The fields of package.json Cordon reads (everything else is ignored)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    version: str = Field(min_length=1, max_length=100, pattern=r"^[0-9A-Za-z.+_-]+$")
    description: str = ""
    sandbox: SandboxField | None = None
    sandbox_field: str | None = None

    @field_validator("name")
    @classmethod
    def _valid_package_name(cls, value: str) -> str:
        if not is_package_name(value):
            raise ValueError(f"package name {value!r} is not a valid npm package name")
        return value

    @field_validator("description", mode="before")
    @classmethod
    def _text_only(cls, value: Any) -> str:
        return value if isinstance(value, str) else ""


class ManifestError(ValueError):
    """package.json cannot describe a sandbox pack; `rule` names why."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def parse_package_json(raw: bytes) -> PackageJson:
    """Parse package.json bytes; raise ManifestError naming the rule."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ManifestError(f"package.json is not valid JSON: {exc}", "manifest-invalid-json") from None
    if not isinstance(data, dict):
        raise ManifestError("package.json must be a JSON object", "manifest-invalid-json")
    field_name = next((f for f in SANDBOX_FIELDS if f in data), None)
    sandbox = data.get(field_name) if field_name else None
    if isinstance(sandbox, dict) and sandbox.get("apiVersion") != API_VERSION:
        raise ManifestError(
            f"{field_name}.apiVersion must be {API_VERSION}, got {sandbox.get('apiVersion')!r}", "manifest-api-version"
        )
    try:
        return PackageJson.model_validate(
            {
                "name": data.get("name"),
                "version": data.get("version"),
                "description": data.get("description", ""),
                "sandbox": sandbox,
                "sandbox_field": field_name,
            }
        )
    except ValidationError as exc:
        raise ManifestError(f"package.json: {describe(exc)}", "manifest-invalid") from None


def parse_entry(raw: Any) -> JsFileEntry | JsNpmEntry | HostEntry | WasmEntry:
    """Validate one sandboxModules entry (raises ValidationError)."""
    return _ENTRY.validate_python(raw)


def entry_label(raw: Any, index: int) -> str:
    """How to name a raw entry in a status before it validated."""
    if isinstance(raw, dict) and isinstance(raw.get("name"), str):
        return raw["name"][:64]
    return f"#{index}"


def describe(exc: ValidationError) -> str:
    """A pydantic error as one readable line: `where: what; where: what`."""
    parts = []
    for err in exc.errors(include_url=False)[:4]:
        where = ".".join(str(p) for p in err["loc"] if not str(p).startswith(("js-", "host", "wasm")))
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)
