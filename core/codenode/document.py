"""The Code node document: one `*.node.json` file a person saves and shares.

It holds the body, the declared input and output handles, the node props and
the pack declarations stamped from the body's imports. The schema is strict
(unknown fields and wrong types are refused naming the field) and versioned,
so a file written by a newer Cordon is refused by name instead of being
half-read. Saving is atomic (a crash or a full disk mid-save never costs a
person their node) and keeps the file's mode; a `<file>.bak` only when asked.

Props map onto sandbox limits exactly as the reference says (`limits_for`):
timeout → timeoutMs (0 for none), max_response_mb → fetchMaxBodyBytes,
allow_local_network → allowPrivateNetwork, allow_host_filesystem →
filesystemAccess "host", secrets → secretScope, all through `resolve_limits`
so a document can never switch a protection off.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from core import jsparse
from core.atomic import write_atomic
from core.codenode import beside
from core.errors import CordonError
from core.limits import SandboxLimits, resolve_limits

SCHEMA_VERSION = 1
SUFFIX = ".node.json"

#: Value types a handle may declare. `any` accepts everything the transport carries.
HandleType = Literal["any", "string", "number", "integer", "boolean", "object", "array", "bytes"]

#: Handle names are JavaScript identifiers, so `inputs.<name>` always works.
HANDLE_NAME = r"^[A-Za-z_$][A-Za-z0-9_$]*$"


class DocumentError(CordonError):
    """A node document is malformed, of a newer schema, or could not be saved."""

    rule = "node-document"
    name = "DocumentError"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class InputHandle(_Strict):
    name: Annotated[str, Field(pattern=HANDLE_NAME)]
    type: HandleType = "any"
    #: The configured value; a missing input with no default is `undefined` in the body.
    default: Any = None

    @model_validator(mode="after")
    def _default_matches_type(self) -> InputHandle:
        if self.default is not None and not value_matches(self.type, self.default):
            raise ValueError(f"default of input '{self.name}' is not a {self.type}")
        return self


class OutputHandle(_Strict):
    name: Annotated[str, Field(pattern=HANDLE_NAME)]
    type: HandleType = "any"


class NodeProps(_Strict):
    """The node's sandbox policy, in the units a person thinks in."""

    #: Seconds of the body's own work; 0 for no timeout.
    timeout: Annotated[int | float, Field(ge=0, allow_inf_nan=False)] = 30
    max_response_mb: Annotated[int | float, Field(gt=0, allow_inf_nan=False)] = 1
    allow_local_network: bool = False
    allow_host_filesystem: bool = False
    #: Names of the secrets the body may read (nothing else is reachable).
    secrets: tuple[Annotated[str, Field(min_length=1)], ...] = ()

    @field_validator("secrets", mode="before")
    @classmethod
    def _list_to_tuple(cls, v: Any) -> Any:
        return tuple(v) if isinstance(v, list) else v


class PackDeclaration(_Strict):
    """One pack the body imports (sandbox-package-design.md, "Declaring usage on the node")."""

    specifier: Annotated[str, Field(min_length=1)]
    resolvedPackVersion: str | None = None
    contentDigest: str | None = None


class CodeNodeDocument(_Strict):
    schemaVersion: Literal[1] = SCHEMA_VERSION
    name: str = ""
    description: str = ""
    #: The JavaScript body. Files may store it as a list of lines (readable diffs).
    body: str
    #: What the body is written in: a TypeScript body runs with its types stripped (core/typescript).
    language: Literal["javascript", "typescript"] = "javascript"
    inputs: tuple[InputHandle, ...] = ()
    outputs: tuple[OutputHandle, ...] = ()
    props: NodeProps = NodeProps()
    packages: tuple[PackDeclaration, ...] = ()
    #: The studio's test inputs by input name, as public JSON (bytes as `{"$bytes": ...}`): what the
    #: person last ran the node with, kept with it. Not the configured defaults; runs elsewhere ignore it.
    #: Optional, so a file without it (an older one) loads, and a file without test inputs stays as it was.
    testInputs: dict[str, Any] = Field(default_factory=dict)

    @field_validator("body", mode="before")
    @classmethod
    def _join_lines(cls, v: Any) -> Any:
        if isinstance(v, list) and all(isinstance(line, str) for line in v):
            return "\n".join(v)
        return v

    @field_validator("inputs", "outputs", "packages", mode="before")
    @classmethod
    def _list_to_tuple(cls, v: Any) -> Any:
        return tuple(v) if isinstance(v, list) else v

    @model_validator(mode="after")
    def _unique_names(self) -> CodeNodeDocument:
        for what, names in (
            ("input", [h.name for h in self.inputs]),
            ("output", [h.name for h in self.outputs]),
            ("package", [p.specifier for p in self.packages]),
        ):
            seen: set[str] = set()
            for name in names:
                if name in seen:
                    raise ValueError(f"duplicate {what} '{name}'")
                seen.add(name)
        return self

    @property
    def input_names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.inputs)

    @property
    def output_names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.outputs)

    def defaults(self) -> dict[str, Any]:
        """The configured input values (a declared input without a default is left out)."""
        return {h.name: h.default for h in self.inputs if h.default is not None}

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, the body as a list of lines."""
        data = self.model_dump(mode="json")
        data["body"] = self.body.split("\n")
        if not self.testInputs:
            del data["testInputs"]
        if self.language == "javascript":  # the default, left out so older files stay byte for byte
            del data["language"]
        return data


def value_matches(kind: str, value: Any) -> bool:
    """Whether a (host-side) value is of a declared handle type."""
    if kind == "any":
        return True
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, (list, tuple))
    if kind == "bytes":
        return isinstance(value, (bytes, bytearray))
    return False


# -- reading ----------------------------------------------------------------------------


def parse_document(data: Any, *, source: str = "node document") -> CodeNodeDocument:
    """Validate decoded JSON as a document; errors name the field (or the version)."""
    if not isinstance(data, dict):
        raise DocumentError(f"{source}: a node document is a JSON object, got {type(data).__name__}")
    version = data.get("schemaVersion")
    if version is None:
        raise DocumentError(
            f"{source}: missing field 'schemaVersion' (this Cordon writes {SCHEMA_VERSION})",
            rule="node-document-version",
        )
    if isinstance(version, bool) or not isinstance(version, int):
        raise DocumentError(
            f"{source}: field 'schemaVersion' must be an integer, got {version!r}", rule="node-document-version"
        )
    if version > SCHEMA_VERSION:
        raise DocumentError(
            f"{source}: schemaVersion {version} was written by a newer Cordon; this one reads "
            f"schemaVersion {SCHEMA_VERSION}. Update Cordon to open it",
            rule="node-document-version",
        )
    if version < 1:
        raise DocumentError(f"{source}: schemaVersion {version} is not a valid version", rule="node-document-version")
    try:
        return CodeNodeDocument.model_validate(data)
    except ValidationError as exc:
        raise DocumentError(f"{source}: {_describe(exc)}") from None


def _describe(exc: ValidationError) -> str:
    first = exc.errors()[0]
    loc = ""
    for part in first["loc"]:
        loc += f"[{part}]" if isinstance(part, int) else (f".{part}" if loc else str(part))
    message = first["msg"]
    if first["type"] == "extra_forbidden":
        return f"unknown field '{loc}'"
    if first["type"] == "missing":
        return f"missing field '{loc}'"
    message = message.removeprefix("Value error, ")
    more = f" (and {len(exc.errors()) - 1} more problem(s))" if len(exc.errors()) > 1 else ""
    return (f"field '{loc}': {message}" if loc else message) + more


def loads(text: str | bytes, *, source: str = "node document") -> CodeNodeDocument:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise DocumentError(f"{source}: not valid JSON: {exc}") from None
    return parse_document(data, source=source)


def load_document(path: str | os.PathLike[str]) -> CodeNodeDocument:
    return read_document(path)[0]


def read_document(path: str | os.PathLike[str]) -> tuple[CodeNodeDocument, bytes]:
    """The document and the exact bytes it was parsed from, read once.

    Trust is keyed by those bytes' digest (`core.codenode.grants`): reading the
    file a second time to hash it would let it change between the two reads.
    """
    file = Path(path)
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise DocumentError(f"cannot read {file}: {exc.strerror or exc}") from None
    doc = loads(data, source=str(file))
    if doc.testInputs and b'"$beside"' in data:
        doc = doc.model_copy(update={"testInputs": beside.join_in(doc.testInputs, file)})
    return doc, data


def dumps(doc: CodeNodeDocument) -> bytes:
    return orjson.dumps(doc.to_json(), option=orjson.OPT_INDENT_2) + b"\n"


def _on_disk(doc: CodeNodeDocument) -> tuple[CodeNodeDocument, dict[str, bytes]]:
    """The document as saved (large picked media as markers) and the values to store beside it."""
    if not doc.testInputs:
        return doc, {}
    kept, stored = beside.split_out(doc.testInputs)
    return (doc.model_copy(update={"testInputs": kept}) if stored else doc), stored


def saved_bytes(doc: CodeNodeDocument) -> bytes:
    """The bytes `save_document` writes for `doc` (what a trust key of the saved file hashes)."""
    return dumps(_on_disk(doc)[0])


# -- saving -------------------------------------------------------------------------------


def save_document(doc: CodeNodeDocument, path: str | os.PathLike[str], *, backup: bool = False) -> Path:
    """Write atomically and durably, keeping the file's permission bits.

    At every instant the path holds either the old or the new document, never
    a torn one, so no copy is needed for safety; large picked media of the
    test inputs go beside it (`core.codenode.beside`), not into it as base64; `backup` (asked for, as by
    `cordon node new --force`) also keeps the old one as `<file>.bak`. The
    mode is the old file's (644 stays 644), not the temp file's private 600, so sharing settings
    the person chose survive a save.
    """
    target = Path(path)
    on_disk, stored = _on_disk(doc)
    payload = dumps(on_disk)
    try:
        if backup and target.exists():
            write_atomic(target.with_name(target.name + ".bak"), target.read_bytes(), durable=True, keep_mode=True)
        beside.store(target, stored)  # before the document that names them
        write_atomic(target, payload, durable=True, keep_mode=True)
    except OSError as exc:
        raise DocumentError(f"cannot save {target}: {exc.strerror or exc}; the previous file is unchanged") from None
    return target


# -- props -> limits and pack stamping --------------------------------------------------------


def limits_for(doc: CodeNodeDocument) -> SandboxLimits:
    """The run's limits from the node props (reference: "Node props map onto sandbox policy");
    the props are the reference's limit spellings, so `resolve_limits` maps and clamps them."""
    return resolve_limits(doc.props.model_dump())


#: What stamping learns about an installed pack: (resolvedPackVersion, contentDigest), or None.
PackLookup = Callable[[str], tuple[str, str] | None]


def imported_specifiers(body: str) -> tuple[str, ...]:
    """The specifiers the body's static imports name, in order, without repeats."""
    seen: dict[str, None] = {}
    for imp in jsparse.body_imports(body):
        seen.setdefault(imp.specifier, None)
    return tuple(seen)


def stamp_packages(doc: CodeNodeDocument, lookup: PackLookup) -> CodeNodeDocument:
    """Re-derive `packages` from the body's imports, stamping version and digest of what is installed.

    An import no install serves keeps its previous stamp (or none), so saving
    on a machine without the pack does not erase what the author recorded.
    """
    previous = {p.specifier: p for p in doc.packages}
    stamped = []
    for spec in imported_specifiers(doc.body):
        found = lookup(spec)
        if found is None:
            stamped.append(previous.get(spec, PackDeclaration(specifier=spec)))
        else:
            stamped.append(PackDeclaration(specifier=spec, resolvedPackVersion=found[0], contentDigest=found[1]))
    return doc.model_copy(update={"packages": tuple(stamped)})


def default_path(name: str) -> Path:
    """`NAME` -> `NAME.node.json` (a name already ending in the suffix is kept)."""
    return Path(name if name.endswith(SUFFIX) else name + SUFFIX)
