"""The run plan: what a Code node run needs from the person, decided once, answered by a prompter.

Before a document runs, someone must say yes to what it asks beyond the
sandbox: the grants it gives itself (host files, the local network, secrets),
its raised limits, the packs its body imports, and, for a body that reads
secrets, somewhere to keep them. The decisions live here and nowhere else;
the asking is a `Prompter`'s, as Deno splits `runtime/permissions` (the
decisions) from its `PermissionPrompter` (the asking):

    plan = plan_node_run(doc, inputs, streams, catalog=catalog, trust=RunTrust("a.node.json", key))
    settled = settle(plan, prompter)              # the studio's dialogs, the CLI's flags, a test's fake
    if settled.refusal is None:
        run_node(settled.request(inputs=inputs, hooks=hooks, host=host))

`plan_node_run` refuses what no answer can fix (an input the node does not
declare) and lists typed questions, each carrying the facts its dialog shows:
`GrantQuestion`, `LimitQuestion`, `SecretStoreQuestion`, `PackConsentQuestion`.
`settle` asks them in that order and builds the document the run uses:

* a grant refused with "run without" is left out of this run only: the
  document is not changed (Deno's deny), and `RunTrust.denied` carries the
  refusal to the next run of the same open document;
* trusting the document answers its limits too (trust is per document) and is
  remembered (`grants.trust`), keyed by its path and bytes;
* a pack allowed is stamped into the document (`declarations.stamp_declaration`):
  consent lives in the document, so the caller keeps `settled.stamped`.

Adding a grant: a question type here (its facts, where `plan_node_run` finds
it, how `settle` applies its answer), one method on each prompter, and a test
with `FakePrompter` (CONTRIBUTING.md).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from core.codenode import grants as grant_store
from core.codenode.analysis import analyse
from core.codenode.declarations import imported_packs, is_declared, stamp_declaration
from core.codenode.document import CodeNodeDocument
from core.codenode.grants import LIMIT_PROPS, RULE_NOT_TRUSTED, DocumentKey, Grants, strip_grants
from core.codenode.runner import NodeRunRequest, RunSinks, check_inputs
from core.engine.config import RunHooks
from core.errors import CordonError, SandboxRefusal
from core.packs.pack import Pack, SandboxModule
from core.specifier import canonical_specifier

if TYPE_CHECKING:
    from core.bridges.base import HostServices
    from core.packs.catalog import Catalog

#: No secret store to read the body's secrets from (`cordon secrets setup` makes one).
RULE_SECRET_STORE = "keyring-unavailable"


class GrantDecision(enum.Enum):
    """An answer to a `GrantQuestion` or a `LimitQuestion`."""

    #: Run with them and remember the document as it is now (the studio's Trust).
    TRUST = "trust"
    #: Run with them this time (the CLI's flags name them).
    ALLOW = "allow"
    #: Run once without them; the document is not changed.
    WITHOUT = "without"
    #: Do not run.
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class RunTrust:
    """What the person already decided about the document before this run."""

    #: How questions name the document (its path, or its name when it has no file).
    document: str
    #: Its file as read, when trusting it can be remembered (None: recovered work, a new document).
    key: DocumentKey | None = None
    #: Grants given outside the document: the CLI's flags; in the studio, what the person set in the window.
    given: Grants = field(default_factory=Grants)
    #: Grants the person refused for this open document ("run without"): left out, not asked again.
    denied: Grants = field(default_factory=Grants)


@dataclass(frozen=True, slots=True)
class GrantQuestion:
    """The document gives itself host grants nobody gave: host files, the local network, secrets."""

    document: str
    grants: Grants
    #: Whether a TRUST answer is remembered (the document has a file).
    remembered: bool


@dataclass(frozen=True, slots=True)
class LimitAsk:
    """One limit the document raises: its name, the value it asks for, the default it would run with."""

    name: str
    asked: float
    default: float


@dataclass(frozen=True, slots=True)
class LimitQuestion:
    """The document switches a limit off or raises it past its default."""

    document: str
    limits: tuple[LimitAsk, ...]
    remembered: bool

    @property
    def grants(self) -> Grants:
        return Grants(limits=tuple(limit.name for limit in self.limits))


@dataclass(frozen=True, slots=True)
class SecretStoreQuestion:
    """The body reads secrets and there is nowhere to read them from yet (no store, or a locked one)."""

    secrets: tuple[str, ...]
    #: `core.secrets_store.keyring_state()`: "missing" (set one up) or "locked" (unlock it).
    state: str


@dataclass(frozen=True, slots=True)
class PackAsk:
    """One pack the body imports without the person's consent: its facts and the modules imported."""

    pack: Pack
    modules: tuple[SandboxModule, ...]

    @property
    def specifiers(self) -> tuple[str, ...]:
        return tuple(m.specifier for m in self.modules)


@dataclass(frozen=True, slots=True)
class PackConsentQuestion:
    """Installed packs the body imports that nobody allowed: one question for all of them."""

    packs: tuple[PackAsk, ...]


Question = GrantQuestion | LimitQuestion | SecretStoreQuestion | PackConsentQuestion


class Prompter(Protocol):
    """Answers a plan's questions, one method per question type: the studio's dialogs
    (gui/dialog_prompter.py), the command line's flags (core/cli/flag_prompter.py), a test's fake."""

    def grants(self, question: GrantQuestion) -> GrantDecision: ...

    def limits(self, question: LimitQuestion) -> GrantDecision: ...

    def secret_store(self, question: SecretStoreQuestion) -> bool:
        """True when the secrets can be read now (a store was set up or unlocked)."""
        ...

    def pack_consent(self, question: PackConsentQuestion) -> Mapping[str, bool]:
        """Pack name -> allowed (a pack left out is refused)."""
        ...


@dataclass(frozen=True, slots=True)
class RunPlan:
    """What a run of `document` needs: a refusal no answer can lift, or the questions to ask first."""

    document: CodeNodeDocument
    trust: RunTrust
    questions: tuple[Question, ...] = ()
    refusal: CordonError | None = None
    #: Whether the document is trusted as it is (its grants run without asking).
    trusted: bool = False
    catalog: Catalog | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """The answers applied: the document to run, or why nothing runs."""

    #: The document as the person keeps it: the packs allowed now stamped into it.
    stamped: CodeNodeDocument
    #: The document as this run uses it: `stamped` without the grants left out of this run.
    document: CodeNodeDocument
    refusal: CordonError | None = None
    #: The question that ended it, when one did (the studio words its refusal by it).
    refused_at: Question | None = None
    #: What was refused, as grants (packs as `packages`).
    refused: Grants = field(default_factory=Grants)
    #: Grants left out of this run ("run without"): the next run's `RunTrust.denied`.
    denied: Grants = field(default_factory=Grants)
    #: True when the person trusted the document now (it is remembered when it has a file).
    trusted_now: bool = False
    catalog: Catalog | None = None

    def request(
        self,
        *,
        inputs: Mapping[str, Any] | None = None,
        streams: Mapping[str, Sequence[Any]] | None = None,
        hooks: RunHooks | None = None,
        host: HostServices | None = None,
        sinks: RunSinks | None = None,
        state: dict[str, Any] | None = None,
    ) -> NodeRunRequest:
        """The request `run_node` takes for this run (the settled document, the plan's catalog)."""
        return NodeRunRequest(
            self.document,
            inputs=inputs,
            streams=streams,
            hooks=hooks or RunHooks(),
            host=host,
            sinks=sinks or RunSinks(),
            catalog=self.catalog,
            state=state,
        )


def plan_node_run(
    doc: CodeNodeDocument,
    inputs: Mapping[str, Any] | None = None,
    streams: Mapping[str, Sequence[Any]] | None = None,
    *,
    catalog: Catalog | Callable[[], Catalog] | None = None,
    trust: RunTrust,
) -> RunPlan:
    """The plan of one run of `doc`. The catalog is built (or waited for) only for a body that imports a pack."""
    try:
        check_inputs(doc, inputs, streams)
    except CordonError as exc:
        return RunPlan(doc, trust, refusal=exc)
    trusted = trust.key is not None and grant_store.is_trusted(trust.key)
    requested = Grants.requested_by(doc)
    pending = Grants() if trusted else requested.missing(trust.given).missing(trust.denied)
    remembered = trust.key is not None
    questions: list[Question] = []
    host = Grants(pending.host_filesystem, pending.local_network, pending.secrets)
    if host:
        questions.append(GrantQuestion(trust.document, host, remembered))
    if pending.limits:
        asks = tuple(LimitAsk(name, getattr(doc.props, name), LIMIT_PROPS[name]) for name in pending.limits)
        questions.append(LimitQuestion(trust.document, asks, remembered))
    store = _secret_store_question(doc if trusted else strip_grants(doc, trust.denied.shared(requested)))
    if store is not None:
        questions.append(store)
    resolved = _catalog(catalog, doc)
    allowed = (*(requested.packages if trusted else ()), *trust.given.packages)  # a trusted file's, then flags
    consent = _consent_question(doc, resolved, allowed)
    if consent is not None:
        questions.append(consent)
    return RunPlan(doc, trust, tuple(questions), trusted=trusted, catalog=resolved)


def settle(plan: RunPlan, prompter: Prompter) -> Settled:
    """Ask the plan's questions in order and apply the answers (the first refusal ends it)."""
    doc = stamped = plan.document
    if plan.refusal is not None:
        return Settled(doc, doc, plan.refusal, catalog=plan.catalog)
    denied = Grants() if plan.trusted else plan.trust.denied.shared(Grants.requested_by(doc))
    trusted_now = False
    for question in plan.questions:
        if isinstance(question, GrantQuestion | LimitQuestion):
            if trusted_now:  # trusting the document answered its limits too
                continue
            decision = prompter.grants(question) if isinstance(question, GrantQuestion) else prompter.limits(question)
            if decision is GrantDecision.CANCEL:
                return _refused(plan, stamped, question, question.grants)
            if decision is GrantDecision.TRUST:
                if plan.trust.key is not None:
                    grant_store.trust(plan.trust.key)
                trusted_now, denied = True, Grants()
            elif decision is GrantDecision.WITHOUT:
                denied = _union(denied, question.grants)
        elif isinstance(question, SecretStoreQuestion):
            if strip_grants(doc, denied).props.secrets and not prompter.secret_store(question):
                return _refused(plan, stamped, question, Grants())
        else:
            if trusted_now:  # the packs it declares are part of what was trusted
                question = PackConsentQuestion(
                    tuple(a for a in question.packs if not all(is_declared(doc, s) for s in a.specifiers))
                )
                if not question.packs:
                    continue
            answers = prompter.pack_consent(question)
            refused: list[str] = []
            for ask in question.packs:
                if answers.get(ask.pack.name, False):
                    for module in ask.modules:
                        stamped = stamp_declaration(stamped, module)
                else:
                    refused.extend(ask.specifiers)
            if refused:
                return _refused(plan, stamped, question, Grants(packages=tuple(refused)))
    return Settled(stamped, strip_grants(stamped, denied), denied=denied, trusted_now=trusted_now, catalog=plan.catalog)


def _refused(plan: RunPlan, stamped: CodeNodeDocument, question: Question, refused: Grants) -> Settled:
    """Nothing runs: the refusal names its rule and what would have given it."""
    exc: CordonError
    if isinstance(question, SecretStoreQuestion):
        locked = question.state == "locked"
        exc = SandboxRefusal(
            f"this node reads the secrets {', '.join(question.secrets)} and there is no secret store to read them "
            f"from{' until it is unlocked' if locked else ' yet'}: "
            + (
                "set CORDON_SECRETS_PASSPHRASE or unlock it in the studio (Tools → Secrets)"
                if locked
                else "set one up with `cordon secrets setup` (the studio: Tools → Secrets → Set up…)"
            ),
            rule="keyring-locked" if locked else RULE_SECRET_STORE,
            name="UsageError",
        )
    else:
        exc = SandboxRefusal(
            f"{plan.trust.document} asks for grants you have not given: {'; '.join(refused.lines())}. A document "
            f"cannot grant itself powers: pass {' '.join(refused.flags())} to run it with them, or trust the "
            "document in Cordon Studio",
            rule=RULE_NOT_TRUSTED,
            name="UsageError",
        )
    return Settled(stamped, stamped, exc, refused_at=question, refused=refused, catalog=plan.catalog)


def _union(a: Grants, b: Grants) -> Grants:
    return Grants(
        a.host_filesystem or b.host_filesystem,
        a.local_network or b.local_network,
        tuple(dict.fromkeys((*a.secrets, *b.secrets))),
        (*a.packages, *b.packages),
        tuple(dict.fromkeys((*a.limits, *b.limits))),
    )


def _catalog(source: Catalog | Callable[[], Catalog] | None, doc: CodeNodeDocument) -> Catalog | None:
    """The catalog, built or waited for only for a body that imports a pack (a run that imports none
    never builds one)."""
    if not imported_packs(doc.body):
        return None
    if source is None:
        from core.packs import default_catalog

        return default_catalog()
    return source() if callable(source) else source


def _secret_store_question(doc: CodeNodeDocument) -> SecretStoreQuestion | None:
    """A question when the body reads secrets the document allows and nothing can keep them yet."""
    if not doc.props.secrets or not analyse(doc.body).secret_reads:
        return None
    from core import secrets_store

    state = secrets_store.keyring_state()
    return None if state == "ready" else SecretStoreQuestion(tuple(doc.props.secrets), state)


def _consent_question(
    doc: CodeNodeDocument, catalog: Catalog | None, allowed: tuple[str, ...]
) -> PackConsentQuestion | None:
    """One question for every installed pack the body imports that `allowed` (canonical specifiers: a
    trusted document's declarations, the CLI's flags, what the person declared in the window) does not
    cover. An import no installed pack serves is left to the run, which fails naming it."""
    if catalog is None:
        return None
    wanted: dict[str, list[SandboxModule]] = {}
    for spec in imported_packs(doc.body):
        module = catalog.module(spec)
        if module is None or canonical_specifier(spec) in allowed:
            continue
        if all(m.specifier != module.specifier for m in wanted.get(module.pack, ())):
            wanted.setdefault(module.pack, []).append(module)
    asks = [PackAsk(pack, tuple(modules)) for name, modules in wanted.items() if (pack := catalog.pack(name))]
    return PackConsentQuestion(tuple(asks)) if asks else None
