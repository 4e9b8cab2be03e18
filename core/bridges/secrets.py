"""getSecret, nodetool.secrets.{get, tryGet, list} and requestSecret.

Every read goes through ONE op, `secrets`, whose first step is the scope
check (`limits.secretScope`, host-set: None is unscoped, an empty tuple grants
nothing), so no guest path routes around it: `getSecret` and
`nodetool.secrets.*` are thin guest wrappers over that op, and `list` shows
only names in scope that are set.

Guest code can never write a secret. `requestSecret(name, reason)` asks a
person through the host's `SecretPrompter` (the GUI's dialog stores the value
itself, with `core.secrets_store`) and resolves to true/false, never to the
value. The wait runs in a thread with the run's clock suspended, so a person
typing is not charged to `timeoutMs`. Requests are one at a time, a name the
person declined is not asked again in the same run, and a run may ask at most
`MAX_REQUESTS_PER_RUN` times, so hostile code cannot bury a person in dialogs.
A run with no prompter (CLI, headless) is refused by name.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.bridges import declared
from core.bridges.base import Op, RunLocal, RunScope, in_io_thread
from core.errors import CordonError, SandboxRefusal

MAX_REQUESTS_PER_RUN = 5
MAX_REASON_CHARS = 500


@dataclass
class _Asked:
    """The run's requests of a person: one at a time, how many, and the names declined."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    count: int = 0
    declined: set[str] = field(default_factory=set)


_ASKED = RunLocal(lambda scope: _Asked())


def _prefixed(what: str, exc: CordonError) -> SandboxRefusal:
    return SandboxRefusal(f"{what}: {exc.message}", rule=exc.rule, name=exc.name)


async def _store(scope: RunScope, what: str, fn: Callable[..., Any], *args: Any) -> Any:
    """Store work (a keyring's round trip, or the encrypted file's read and first unlock) off the loop; the
    store's errors (keyring-unavailable, keyring-locked...) name the call."""
    try:
        return await in_io_thread(scope, fn, *args)
    except CordonError as exc:
        raise _prefixed(what, exc) from None


def _check_scope(scope: RunScope, name: Any, what: str) -> str:
    from core import secrets_store  # keyring (~35 ms to import) and the store load on a run's first secret call

    try:
        secrets_store.secret_name(name)  # Cordon's own credentials are not nameable
    except CordonError as exc:
        raise _prefixed(what, exc) from None
    granted = scope.limits.secretScope
    if granted is not None and name not in granted:
        listed = ", ".join(granted) if granted else "none"
        raise SandboxRefusal(
            f"{what}: secret {name!r} is outside this run's secret scope (granted: {listed}); "
            f"a Code node allows it in its secrets (studio: the quick fix \"Allow secret '{name}'\" "
            "in Problems, or Settings; file: props.secrets), a host in limits.secretScope",
            rule="secret-out-of-scope",
            name="SecretScopeError",
        )
    return name


async def _secrets(scope: RunScope, verb: Any, name: Any = None) -> Any:
    """The one read op: scope check first, whatever the verb."""
    from core import secrets_store

    if verb == "list":
        return await _store(scope, "nodetool.secrets.list", secrets_store.list_names, scope.limits.secretScope)
    if verb not in ("get", "tryGet"):
        raise SandboxRefusal(f"unknown secrets operation {verb!r}", rule="unknown-op")
    what = "getSecret" if verb == "tryGet" else "nodetool.secrets.get"
    _check_scope(scope, name, what)
    value = await _store(scope, what, secrets_store.get_secret, name)
    if value is None and verb == "get":
        raise SandboxRefusal(
            f"{what}: secret {name!r} is not set; set it on Cordon's secrets page, or ask "
            "for it with requestSecret(name, reason)",
            rule="secret-unset",
            name="SecretNotFoundError",
        )
    return value


def read_in_worker(scope: RunScope, name: str, what: str) -> str | None:
    """A secret's value for host code already off the loop (a service pack's worker thread).

    The same scope check and store as `getSecret`, so a pack reading a credential by its
    documented name can reach no secret the node's code could not.
    """
    from core import secrets_store

    _check_scope(scope, name, what)
    try:
        return secrets_store.get_secret(name)
    except CordonError as exc:
        raise _prefixed(what, exc) from None


async def _request(scope: RunScope, name: Any, reason: Any = None) -> bool:
    from core import secrets_store

    _check_scope(scope, name, "requestSecret")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
        raise SandboxRefusal(
            f"requestSecret(name, reason): the reason, shown to the person asked, must be a "
            f"non-empty string of at most {MAX_REASON_CHARS} characters",
            rule="bad-argument",
            name="TypeError",
        )
    prompter = scope.services.prompter
    if prompter is None:
        raise SandboxRefusal(
            f"requestSecret({name!r}): this run has no interactive client to ask a person, "
            "so nothing was requested; set the secret on Cordon's secrets page and run again",
            rule="request-secret-headless",
            name="SecretRequestError",
        )
    await _store(scope, "requestSecret", secrets_store.require_keyring)  # never ask for a value nothing can store
    asked = _ASKED.of(scope)
    async with asked.lock:
        if name in asked.declined:
            return False
        if asked.count >= MAX_REQUESTS_PER_RUN:
            raise SandboxRefusal(
                f"requestSecret({name!r}): a run may ask a person for secrets at most {MAX_REQUESTS_PER_RUN} times",
                rule="request-secret-quota",
                name="SecretRequestError",
            )
        asked.count += 1
        with scope.clock.suspended():
            stored = await in_io_thread(scope, prompter.request_secret, name, reason)
        if stored is not True:
            asked.declined.add(name)
        return stored is True


SURFACE = declared("secrets").surface(
    {
        "secrets": Op(_secrets),
        "secrets.request": Op(_request),
    }
)
