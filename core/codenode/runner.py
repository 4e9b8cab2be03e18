"""Run a Code node document headlessly: the contract, the mode, the packs, the limits.

The body decides the mode (reference, "Input streams"):

* a body that mentions `stream` runs **once** for the whole stream and pulls
  its own items; `inputs` then holds only the configured values, and reading
  a connected handle through `inputs.` is refused before the run, naming the
  `stream(name)` call to use;
* any other body runs **once per incoming item**, `inputs` holding that
  item's snapshot (configured values, then the latest item of every handle),
  with `state` carried from one invocation to the next. With no streams
  connected it runs once.

`state` starts empty at each `run_node` call (one workflow run) and survives
across its invocations. Finals post as one bag per completed invocation; an
invocation that throws keeps what it emitted, drops its finals and ends the
node run. Packs are resolved through the catalog before any guest starts, so
a pack no install serves fails the node by name instead of as a resolve error
inside it; version or digest drift only warns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.bridges.base import HostServices
from core.cancel import CancelHandle
from core.codenode import contract, streams
from core.codenode.analysis import BodyFacts, analyse
from core.codenode.contract import DEPRECATION, Emission, EmitQueue, NodeContract, legacy_outputs
from core.codenode.declarations import declaration_of
from core.codenode.document import CodeNodeDocument, limits_for, value_matches
from core.codenode.jsoncopy import json_copy
from core.codenode.streams import InputStreams, StreamAccess
from core.engine.config import RunHooks, RunServices
from core.engine.results import RunError, RunResult
from core.errors import CordonError, SandboxRefusal, UsageError
from core.media_store import ASSETS, AssetLedger
from core.packs import Catalog, Resolution, declarations_from_code, default_catalog
from core.typescript import strip_types


@dataclass
class NodeRunResult:
    """What one node run produced. `run` aggregates logs, warnings and timings of every invocation."""

    run: RunResult
    outputs: dict[str, Any] = field(default_factory=dict)
    emitted: list[Emission] = field(default_factory=list)
    invocations: int = 0
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.run.ok

    @property
    def error(self) -> RunError | None:
        return self.run.error

    @property
    def bags(self) -> list[dict[str, Any]]:
        """What was emitted, as the reference's genProcess yields it: one dict per legacy yield, its
        keys together (`yield({a: 1, b: 2})` is one bag, not two), and one per `emit()`."""
        return contract.bags(self.emitted)


@dataclass(frozen=True, slots=True)
class RunSinks:
    """Where a node run's results go while it runs (all optional)."""

    #: Hears every emission as it happens.
    on_emit: Callable[[Emission], None] | None = None
    #: Receives every emission with backpressure; closed when the node run ends, so a consumer
    #: iterating it finishes.
    emit_queue: EmitQueue | None = None
    #: Hears each completed invocation's bag of finals.
    on_outputs: Callable[[dict[str, Any]], None] | None = None


@dataclass(frozen=True, slots=True)
class NodeRunRequest:
    """Everything one node run is given, in one value: what the plan settled (`core/codenode/plan.py`:
    `Settled.request`) and the caller's wiring. The fields travel together, so a new one is added
    here, not to every function between a caller and `run_node`."""

    document: CodeNodeDocument
    inputs: Mapping[str, Any] | None = None
    streams: InputStreams | Mapping[str, Sequence[Any]] | None = None
    #: Cancel the run and hear its console and progress (core/engine/config.py).
    hooks: RunHooks = field(default_factory=RunHooks)
    #: What the host grants it (a workspace, a secret prompter).
    host: HostServices | None = None
    sinks: RunSinks = field(default_factory=RunSinks)
    #: Defaults to the process's catalog of shipped and installed packs.
    catalog: Catalog | None = None
    #: Continues a workflow run's state (a kernel invoking the node item by item passes back
    #: `result.state`); by default it starts empty.
    state: Mapping[str, Any] | None = None
    #: True: a kernel's streaming-input entry (the reference's `run()`), which refuses a body that never
    #: mentions `stream` (rule `stream-not-called`); None: the body decides the mode.
    streaming: bool | None = None


def run_node(request: NodeRunRequest) -> NodeRunResult:
    """Run the request's document to completion (blocking; call it from a worker thread).

    Never raises for what the body or its inputs do: failures are results.
    """
    sinks = request.sinks
    try:
        return _run(
            request,
            contract.NodeContract(request.document.output_names, on_emit=sinks.on_emit, queue=sinks.emit_queue),
        )
    finally:
        if sinks.emit_queue is not None:
            sinks.emit_queue.close()


def check_inputs(
    doc: CodeNodeDocument,
    inputs: Mapping[str, Any] | None,
    streams: InputStreams | Mapping[str, Sequence[Any]] | None,
) -> None:
    """Refuse inputs and streams the node does not declare (or of the wrong type), as a run would,
    before anything is asked (`core/codenode/plan.py`)."""
    _configured_inputs(doc, inputs)
    _input_streams(doc, streams)


def _run(request: NodeRunRequest, node_contract: NodeContract) -> NodeRunResult:
    doc, streaming = request.document, request.streaming
    if doc.language == "typescript":  # runs as its JavaScript, every line and column kept (core/typescript)
        try:
            doc = doc.model_copy(update={"body": strip_types(doc.body), "language": "javascript"})
        except CordonError as exc:
            return NodeRunResult(RunResult.failure(exc, timings={"setup_ms": 0.0, "run_ms": 0.0}))
    facts = analyse(doc.body)
    warnings: list[str] = []
    if streaming and not facts.streaming:
        return NodeRunResult(
            RunResult.failure(
                SandboxRefusal(
                    "this node was run as streaming-input but its body never calls stream(...), so it would "
                    "see none of its connected inputs: add a stream(name) call to consume them, or run the "
                    "node item by item",
                    rule="stream-not-called",
                ),
                timings={"setup_ms": 0.0, "run_ms": 0.0},
            )
        )
    try:
        configured = _configured_inputs(doc, request.inputs)
        feed = _input_streams(doc, request.streams)
        if facts.streaming:
            _refuse_connected_reads(facts, feed)
        packs = resolve_packs(doc, request.catalog)
        if packs is not None:
            packs.raise_for_errors()
            warnings.extend(packs.warnings)
    except CordonError as exc:  # refused before any guest starts
        return NodeRunResult(RunResult.failure(exc, timings={"setup_ms": 0.0, "run_ms": 0.0}))
    if not doc.body.strip("\ufeff \t\r\n\v\f"):
        # The reference's Code node runs an empty body as `return {}`: no outputs, not "No code provided"
        # (that stays the sandbox's answer to `cordon run` with nothing to run). No guest is needed.
        return NodeRunResult(RunResult(ok=True, timings={"setup_ms": 0.0, "run_ms": 0.0}), invocations=1)
    if facts.legacy:
        warnings.append(DEPRECATION)
    node = _NodeRun(request, doc, facts, node_contract, packs=packs, warnings=warnings)
    if facts.streaming:
        node.invoke(configured, StreamAccess(feed or InputStreams(()), doc.input_names))
    elif feed is None:
        node.invoke(configured, None)
    else:
        node.per_item(configured, feed)
    return node.result()


def _configured_inputs(doc: CodeNodeDocument, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Declared defaults overlaid with the caller's values, each checked against its declaration."""
    values = doc.defaults()
    declared = {h.name: h for h in doc.inputs}
    for name, value in (given or {}).items():
        handle = declared.get(name)
        if handle is None:
            known = ", ".join(f"'{h}'" for h in declared) or "none"
            raise UsageError(
                f"input '{name}' is not declared by this node (declared: {known})", rule="undeclared-input"
            )
        if value is not None and not value_matches(handle.type, value):
            raise UsageError(f"input '{name}' must be a {handle.type}, got {type(value).__name__}", rule="input-type")
        values[name] = value
    return values


def _input_streams(
    doc: CodeNodeDocument, given: InputStreams | Mapping[str, Sequence[Any]] | None
) -> InputStreams | None:
    if given is None:
        return None
    if not isinstance(given, InputStreams):
        for name, items in given.items():
            if not isinstance(items, (list, tuple)):
                raise UsageError(f"input stream '{name}' must be a list of items", rule="input-streams")
        given = InputStreams.staged(given, order=doc.input_names)
    undeclared = [h for h in given.handles if h not in doc.input_names]
    if undeclared:
        known = ", ".join(f"'{h}'" for h in doc.input_names) or "none"
        raise UsageError(
            f"input stream '{undeclared[0]}' is not a declared input of this node (declared: {known})",
            rule="undeclared-input",
        )
    return given if given.handles else None  # no handle connected: nothing streams


def _refuse_connected_reads(facts: BodyFacts, feed: InputStreams | None) -> None:
    """A streaming body reaches a connected handle only through `stream(name)`."""
    connected = set(feed.handles) if feed is not None else set()
    for use in facts.input_reads:
        if use.name in connected:
            raise SandboxRefusal(
                f"line {use.line}: inputs.{use.name} is a connected stream in a body that reads "
                f'streams; read it with stream("{use.name}") (inputs holds only configured '
                "values)",
                rule="stream-input-read",
                name="ValidationError",
                line=use.line,
            )


def resolve_packs(doc: CodeNodeDocument, catalog: Catalog | None = None) -> Resolution | None:
    """The packs the body's imports name, resolved against the installed catalog.

    Each import is resolved with the node's saved declaration of it (so version
    and digest drift warn); what the body does not import is not mounted.
    """
    imported = declarations_from_code(doc.body)  # refuses a body too deep or too large to read, as its run would
    if not imported:
        return None
    declarations = [declaration_of(doc, d.specifier) or d for d in imported]
    return (catalog or default_catalog()).resolve_for_execution(declarations)


class _NodeRun:
    def __init__(
        self,
        request: NodeRunRequest,
        doc: CodeNodeDocument,
        facts: BodyFacts,
        node_contract: NodeContract,
        *,
        packs: Resolution | None,
        warnings: list[str],
    ) -> None:
        self.doc = doc  # the request's document as it runs (a TypeScript body stripped)
        self.facts = facts
        self.contract = node_contract
        self.hooks = request.hooks
        #: The caller's handle; without one nobody can cancel, and a fresh handle never is.
        self.cancel = request.hooks.cancel or CancelHandle()
        self.on_outputs = request.sinks.on_outputs
        self.host = request.host
        self.modules = packs.modules if packs is not None else None
        self.surfaces = (contract.SURFACE, streams.SURFACE, *(packs.surfaces if packs is not None else ()))
        self.limits = limits_for(doc)
        #: Assets any invocation put in the store: every later invocation of this node may read them.
        self.assets = AssetLedger()
        self.binary = {h.name for h in doc.inputs if h.type == "bytes"}
        self.state: dict[str, Any] = dict(request.state or {})
        self.outputs: dict[str, Any] = {}
        self.invocations = 0
        self.last: RunResult | None = None
        self.logs: list[str] = []
        self.warnings = warnings
        self.timings = {"setup_ms": 0.0, "run_ms": 0.0}

    def per_item(self, configured: dict[str, Any], feed: InputStreams) -> None:
        snapshot = dict(configured)
        while (arrival := feed.next_arrival(self.cancel)) is not None:
            handle, value = arrival
            snapshot[handle] = value
            if not self.invoke(dict(snapshot), None):
                return
        if self.cancel.cancelled:
            self.last = RunResult.cancelled()
        elif self.invocations == 0:
            # The reference fails loudly rather than let a body that never pulls its streams see none
            # of its connected inputs; here that body would run zero times and report success.
            handles = ", ".join(f"'{h}'" for h in feed.handles)
            self.last = RunResult.failure(
                SandboxRefusal(
                    f"this body never calls stream(...) and its input streams ({handles}) ended "
                    "without an item, so it would run zero times: add a stream(name) call to consume the "
                    "connected inputs, or stage at least one item (or pass the values as inputs)",
                    rule="stream-not-called",
                )
            )

    def invoke(self, inputs: dict[str, Any], access: StreamAccess | None) -> bool:
        """One invocation of the body. True when it completed (its finals posted)."""
        try:
            inputs = self._as_json(inputs)
        except CordonError as exc:
            self.last = RunResult.failure(exc)
            return False
        self.contract.begin_invocation()
        host = (self.host or HostServices()).provide(contract.CONTRACT, self.contract).provide(ASSETS, self.assets)
        if access is not None:
            host = host.provide(streams.STREAMS, access)
        # Imported here: the studio imports this module for its run panel, and the engine's import
        # (~0.5 s) belongs to its background warm-up, not to the window's start.
        from core.engine.run import run_in_sandbox

        result = run_in_sandbox(
            self.doc.body,
            inputs=inputs,
            limits=self.limits,
            globals={"state": self.state},
            hooks=self.hooks,
            services=RunServices(host=host, modules=self.modules, surfaces=self.surfaces),
            legacy=self.facts.legacy,
        )
        self.invocations += 1
        self.last = result
        self._keep_logs(result.logs)
        self.warnings.extend(w for w in result.warnings if w not in self.warnings)
        for key in self.timings:
            self.timings[key] += result.timings.get(key, 0.0)
        if not result.ok:
            return False
        state = result.globals.get("state")
        if isinstance(state, dict):
            self.state = state
        if self.facts.yields:  # the reference replays a yielding body's values; its return value is no output
            try:
                self.contract.replay_yields(self.cancel, self.warnings)
            except CordonError as exc:
                self.last = RunResult.failure(exc)
                return False
        returned = legacy_outputs(result.result) if self.facts.legacy and not self.facts.yields else {}
        bag = {**returned, **self.contract.finals}
        self.outputs.update(bag)
        if self.on_outputs is not None and bag:
            self.on_outputs(bag)
        return True

    def _as_json(self, inputs: dict[str, Any]) -> dict[str, Any]:
        """The reference's JSON copy of each input; a declared `bytes` handle keeps its bytes."""
        return {
            name: value
            if name in self.binary and isinstance(value, (bytes, bytearray))
            else json_copy(value, where=f"input '{name}'")
            for name, value in inputs.items()
        }

    def _keep_logs(self, lines: list[str]) -> None:
        """The node run's log holds `maxConsoleLines` in all (each invocation is capped on its own too)."""
        room = self.limits.maxConsoleLines - len(self.logs)
        if room <= 0:
            return
        self.logs.extend(lines[:room])
        if len(lines) > room:
            self.logs.append(
                f"… later log lines of this node run dropped (limit maxConsoleLines, "
                f"{self.limits.maxConsoleLines} lines per node run)"
            )

    def result(self) -> NodeRunResult:
        last = self.last or RunResult(ok=True)
        run = RunResult(
            ok=last.ok,
            result=last.result,
            error=last.error,
            logs=self.logs,
            timings=self.timings,
            globals=last.globals,
            warnings=self.warnings,
            truncated=last.truncated,
        )
        return NodeRunResult(
            run,
            outputs=self.outputs,
            emitted=list(self.contract.emitted),
            invocations=self.invocations,
            state=self.state,
        )
