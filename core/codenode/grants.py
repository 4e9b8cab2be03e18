"""What a Code node document asks for, what the user granted, and which documents the user trusts.

A `.node.json` carries its own sandbox policy: `allow_host_filesystem`,
`allow_local_network`, the secret names it may read, the packs it declares,
and its limits (`timeout`, `max_response_mb`). Those fields are written by
whoever wrote the file, so a document
that arrives from somewhere else must not run with them on its own say-so
(a shared file would otherwise reach the host as soon as it ran). Grants come from the user, in one of two ways:

* trusting the document: a decision remembered in Cordon's own state
  (`data_dir()/document-trust.json`), keyed by the document's resolved path
  and the SHA-256 of its exact bytes, like VS Code's workspace trust. Any
  change to the file is a different document and asks again. Examples shipped
  with Cordon are first-party and trusted, as shipped packs are;
* naming the same grants on the command line (`--allow-host-filesystem`,
  `--allow-local-network`, `--allow-secret NAME`, `--allow-package SPEC`,
  `--allow-raised-limits`).

Limits are the user's too: a document may tighten a limit,
but one that switches it off (`timeout: 0` ran `while(true){}` unbounded) or
raises it past its default asks for the grant like any other power, and runs
with the default when the grant is refused.

`Grants` is a value: `Grants.requested_by(doc)` is what a document asks for,
`missing` what of it the user has not given, `strip_grants` the document
with those fields turned off. Pack declarations are the document's pack
consent (gui/dialogs/package_picker.py stamps them after the consent dialog),
so a document that arrives with them is asking for those packs; once they are
stripped, the existing per-pack consent asks again.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import orjson

from core import paths
from core.atomic import write_atomic
from core.codenode.document import CodeNodeDocument, NodeProps
from core.specifier import canonical_specifier

logger = logging.getLogger(__name__)

TRUST_FILE = "document-trust.json"
RULE_NOT_TRUSTED = "document-grant-not-trusted"
#: Remembered documents; the oldest decision is dropped past this, so the file stays small.
MAX_TRUSTED = 1000

_lock = threading.Lock()

#: The props that bound a resource, each with its default: a document may lower them, never switch
#: them off (0 is "no timeout") nor raise them past the default without a grant.
LIMIT_PROPS: dict[str, float] = {name: NodeProps.model_fields[name].default for name in ("timeout", "max_response_mb")}


def raised_limits(props: NodeProps) -> tuple[str, ...]:
    """The limit props `props` switches off or raises past their defaults."""
    raised = []
    for name, default in LIMIT_PROPS.items():
        value = getattr(props, name)
        if value > default or (name == "timeout" and value == 0):
            raised.append(name)
    return tuple(raised)


@dataclass(frozen=True, slots=True)
class Grants:
    """Elevated powers a run may hold beyond the sandbox's defaults (all off is no grant at all)."""

    host_filesystem: bool = False
    local_network: bool = False
    secrets: tuple[str, ...] = ()
    #: Pack specifiers, canonical (`@nodetool-ai/sandbox-x` is `@cordon/sandbox-x`): one pack, one grant.
    packages: tuple[str, ...] = ()
    #: Limit props (`LIMIT_PROPS`) the run may switch off or raise past their defaults.
    limits: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "packages", tuple(dict.fromkeys(canonical_specifier(p) for p in self.packages)))

    @classmethod
    def requested_by(cls, doc: CodeNodeDocument) -> Grants:
        """What `doc` asks for: its host grants, raised limits and declared packs (the packs its body
        imports without a declaration are the run plan's consent question, core/codenode/plan.py)."""
        packages = dict.fromkeys(p.specifier for p in doc.packages)
        return cls(
            doc.props.allow_host_filesystem,
            doc.props.allow_local_network,
            tuple(dict.fromkeys(doc.props.secrets)),
            tuple(packages),
            raised_limits(doc.props),
        )

    def __bool__(self) -> bool:
        return (
            self.host_filesystem or self.local_network or bool(self.secrets) or bool(self.packages) or bool(self.limits)
        )

    def missing(self, given: Grants) -> Grants:
        """What of these grants `given` does not cover (empty: all covered)."""
        return Grants(
            self.host_filesystem and not given.host_filesystem,
            self.local_network and not given.local_network,
            tuple(s for s in self.secrets if s not in given.secrets),
            tuple(p for p in self.packages if p not in given.packages),
            tuple(name for name in self.limits if name not in given.limits),
        )

    def shared(self, other: Grants) -> Grants:
        """The grants in both (what of `other` these grants still cover)."""
        return self.missing(self.missing(other))

    def lines(self) -> list[str]:
        """One plain sentence per grant, for a dialog or an error message."""
        out = []
        if self.host_filesystem:
            out.append("read and write files anywhere on this computer (allow_host_filesystem)")
        if self.local_network:
            out.append("reach this computer and your local network (allow_local_network)")
        # Where secrets are kept (a keyring, or Cordon's encrypted file) is said by whoever shows these lines.
        out.extend(f"read your secret {name}" for name in self.secrets)
        out.extend(f"run the pack {spec} inside this node" for spec in self.packages)
        if "timeout" in self.limits:
            out.append(f"run with no timeout or past the default {LIMIT_PROPS['timeout']:g} s (timeout)")
        if "max_response_mb" in self.limits:
            out.append(
                f"receive fetch responses over the default {LIMIT_PROPS['max_response_mb']:g} MB (max_response_mb)"
            )
        return out

    def flags(self) -> list[str]:
        """The `cordon node run` flags that give exactly these grants."""
        out = ["--allow-host-filesystem"] if self.host_filesystem else []
        if self.local_network:
            out.append("--allow-local-network")
        out.extend(f"--allow-secret {name}" for name in self.secrets)
        out.extend(f"--allow-package {spec}" for spec in self.packages)
        if self.limits:
            out.append("--allow-raised-limits")
        return out


def strip_grants(doc: CodeNodeDocument, grants: Grants) -> CodeNodeDocument:
    """`doc` with `grants` turned off: the flags cleared, the secrets and pack declarations removed,
    the raised limits back at their defaults."""
    props = doc.props.model_copy(
        update={
            "allow_host_filesystem": doc.props.allow_host_filesystem and not grants.host_filesystem,
            "allow_local_network": doc.props.allow_local_network and not grants.local_network,
            "secrets": tuple(s for s in doc.props.secrets if s not in grants.secrets),
            **{name: LIMIT_PROPS[name] for name in grants.limits},
        }
    )
    packages = tuple(p for p in doc.packages if canonical_specifier(p.specifier) not in grants.packages)
    return doc.model_copy(update={"props": props, "packages": packages})


# -- the trust store -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DocumentKey:
    """Which document a trust decision is about: its resolved path and the digest of its bytes."""

    path: str
    digest: str

    @classmethod
    def of(cls, path: str | os.PathLike[str], data: bytes) -> DocumentKey:
        return cls(str(Path(path).resolve()), "sha256:" + hashlib.sha256(data).hexdigest())


def _store_path() -> Path:
    return paths.data_dir() / TRUST_FILE


def _load() -> dict[str, str]:
    try:
        doc = orjson.loads(_store_path().read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, orjson.JSONDecodeError):
        logger.warning("document trust store unreadable; every document asks again", exc_info=True)
        return {}  # damaged: nothing is trusted, the safe default
    documents = doc.get("documents") if isinstance(doc, dict) else None
    if not isinstance(documents, dict):
        return {}
    return {k: v for k, v in documents.items() if isinstance(k, str) and isinstance(v, str)}


def first_party(path: str) -> bool:
    """A document shipped with Cordon (the examples), trusted as shipped packs are."""
    return Path(path).is_relative_to(paths.resources_dir().resolve())


def is_trusted(key: DocumentKey) -> bool:
    """Whether the user trusted exactly this file content at this path (or Cordon shipped it)."""
    if first_party(key.path):
        return True
    with _lock:
        return _load().get(key.path) == key.digest


def trust(key: DocumentKey) -> None:
    """Remember that the user trusts this document as it is now (one decision per path: the latest)."""
    with _lock:
        documents = _load()
        documents.pop(key.path, None)  # re-inserted last: the newest decision is dropped last
        documents[key.path] = key.digest
        kept = dict(list(documents.items())[-MAX_TRUSTED:])
        write_atomic(
            _store_path(), orjson.dumps({"version": 1, "documents": kept}, option=orjson.OPT_INDENT_2), durable=True
        )


def revoke_trust(path: str | os.PathLike[str]) -> bool:
    """Forget the person's trust in the document at `path`, whatever its content; True when one was held.

    Only ever narrows: the next run of that file asks again. A shipped example
    stays first-party (it has no record to remove).
    """
    resolved = str(Path(path).resolve())
    with _lock:
        documents = _load()
        if documents.pop(resolved, None) is None:
            return False
        write_atomic(
            _store_path(),
            orjson.dumps({"version": 1, "documents": documents}, option=orjson.OPT_INDENT_2),
            durable=True,
        )
    logger.info("trust revoked for %s", resolved)
    return True
