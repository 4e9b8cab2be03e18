"""Runs of a module graph seen before start with its modules already evaluated.

A run that imports a pack pays for it every time: the guest reads the pack's cached bytecode
(`core/engine/bytecode.py`, ~0.8 ms for js-yaml) and evaluates its top level (~0.65 ms), so a run
importing yaml cost 2.5x one importing nothing. The result of that work is the same in every run
whose top-level evaluation depends on nothing of the run, so it is done once here: when a run's
graph (the ids and sources of the pack modules its entry imports, and the caller's global names)
has been seen `SNAPSHOT_AFTER` times, a background thread evaluates the graph in a VM of its own
from the prelude's template, with no body and no inputs, and keeps the linear-memory pages that
differ from the template (`GraphImage.layer`). A later run with the same graph starts from the
prelude's template, gets those pages written in (once the graph is hot, it starts from an image
module of the graph's own instead, `GraphImage.whole`), and QuickJS finds each module loaded and
evaluated under its normalised name: the loader is never asked for them, nothing of them is read
or evaluated again. Every run still gets its own copy of the post-evaluation state (copied into
its own memory), so module state starts fresh in every run and no run reaches another.

Today a pack evaluates after the entry's private module sealed the run (core/entry.py); here it
evaluates before any seal. That is only the same when the graph's top level did nothing that
depends on the run, so the snapshot VM lays tripwires (core/guest/graph_tripwires.js) and a graph that trips any of
them is never snapshotted (its runs take today's path):

* the seal's globals (the run's caller global names: `inputs`, `state`, ...) and the private
  `__cordon_internal` become accessors that taint on get and set (`typeof x` included);
* `Math.random`, `Date.now`, `Promise` and `Promise.prototype.then/catch/finally/constructor` (how
  a job gets queued or a promise adopted), `WeakRef` and `FinalizationRegistry` (the image is
  garbage-collected) taint on get, so capturing one taints;
* any host function call (a bridge) taints, and so does any clock read (the guest's WASI clock,
  counted by the driver: `new Date()`);
* a graph whose synchronous evaluation left a promise job queued (a top-level `await`, an async
  function called at top level that awaits: the guest reports it) is refused, and so is a module
  whose source has a dynamic `import()` (`_source_taints`);
* the own properties, prototypes and extensibility of the global object, of every object one
  level under it (and its `prototype`) and of the hidden intrinsic prototypes are compared before
  and after evaluation: a graph that changed a built-in (which the seal's code uses) taints; new
  globals are allowed (the seal defines only the tripwired names);
* evaluation that throws, never settles, runs past `BUILD_SECONDS`, or leaves a memory over
  `MAX_MEMORY` is refused.

The tripwires live in a private module the synthetic entry imports first (packs cannot import
it), are removed before the pages are taken, and report through an error made before any pack ran,
thrown by code that runs nothing a pack could plant (so no pack forges a clean report, and no
secret a pack must not read has to live in the guest). The snapshot is keyed by content (the
template, which stands for the guest build and the prelude text; the body's specifiers in order,
their ids and sources; the caller's global names), kept in memory (`GRAPHS_KEPT` per template),
and every run re-checks each module id and source and each resolution the build saw against its
own graph before it starts from it.
See docs/design.md, "Graph images".
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core import jsparse
from core.engine import driver, guest_errors, templates
from core.engine.config import ModuleGraph
from core.engine.imports import RunImports
from core.entry import ENTRY_ID, EntryModule
from core.errors import CordonError
from core.guest import surface_js

logger = logging.getLogger(__name__)

#: Sightings of a graph before it is snapshotted: a graph run once or twice is not worth a VM of its own.
SNAPSHOT_AFTER = 3
#: Graph images kept per template (least recently used dropped), and graphs counted per template.
GRAPHS_KEPT = 8
_SIGHTINGS_KEPT = 256
#: Linear memory a snapshot may leave (js-yaml's: ~3 MB); a bigger graph takes today's path.
MAX_MEMORY = 48 << 20
#: Wall time the snapshot VM may evaluate for before the epoch backstop stops it.
BUILD_SECONDS = 2.0
#: A run is served a graph image only if its timeout is at least this many times the graph's
#: evaluation time: an image saves a run that time, so a run it would have timed out stays as today.
TIMEOUT_MARGIN = 4.0
#: The synthetic modules' names: never a pack id ("pack:..."), never the entry's ("<module>").
GRAPH_ID, BEGIN_ID, END_ID = "<cordon:graph>", "<cordon:graph-begin>", "<cordon:graph-end>"
_REPORT = "CordonGraphReport"
#: Evaluated once every job of the graph drained: removes the tripwires and reports (it throws).
_END_JS = f'import {{ report }} from "{BEGIN_ID}";\nreport();\n'

#: What tests and benchmarks read: graph images built and refused, and runs served from one.
counts = {"built": 0, "refused": 0, "served": 0, "served_baked": 0}


@dataclass(frozen=True)
class GraphKey:
    """What a run's graph is, as far as the run knows before it starts."""

    specifiers: tuple[str, ...]
    module_ids: tuple[str, ...]
    #: The sources of the modules the body imports (the modules they import are checked by
    #: `GraphImage.matches`): a changed pack is another graph. The catalog serves the same string
    #: every run, and a string's hash is computed once.
    sources: tuple[str, ...]
    names: frozenset[str]


@dataclass(frozen=True)
class GraphImage:
    """One graph's evaluated modules: the pages over the template, and what they were built from."""

    #: The pages that differ from the template's memory (its `apply` grows memory and writes them).
    layer: templates.GuestTemplate
    #: The whole memory, baked into an image module of its own once the graph is hot, as a prelude's
    #: template is (core/engine/image.py): a run then maps it copy-on-write instead of having
    #: `layer` written in. Never started from before it is baked (it has no chunks).
    whole: templates.GuestTemplate
    #: Every module the loader served the build, with the source it served.
    modules: tuple[tuple[str, str], ...]
    #: Every resolution the build asked for: (base, specifier, module id).
    resolutions: tuple[tuple[str, str, str], ...]
    #: The JS stack the graph evaluated under: a run allowed less takes today's path.
    stack_limit: int
    #: Wall time the graph's evaluation took in the build.
    evaluation_s: float

    def within(self, memory_limit: int, stack_limit: int, timeout_s: float | None) -> bool:
        """Whether the run's limits allow what the graph took: its memory (never shrunk, so at least
        its peak), the JS stack it evaluated under, and its evaluation time with a wide margin (a
        run whose budget it would have eaten much of takes today's path, and its timeout with it)."""
        return (
            self.layer.size <= memory_limit
            and min(stack_limit, driver.MAX_JS_STACK) >= self.stack_limit
            and (timeout_s is None or timeout_s >= TIMEOUT_MARGIN * self.evaluation_s)
        )

    def matches(self, modules: ModuleGraph) -> bool:
        """Whether this image is the run's graph: the same resolutions and the same sources."""
        try:
            for base, specifier, module_id in self.resolutions:
                if modules.resolve(base, specifier) != module_id:
                    return False
            for module_id, source in self.modules:
                served = modules.source(module_id)
                if served is not source and served != source:
                    return False
        except CordonError:
            return False
        return True


@dataclass(frozen=True)
class GraphStart:
    """Where a run starts: the template to instantiate, and the pages to write into it then.

    Before the graph's own image is baked, a run starts from the prelude's template and has the
    graph's pages written in: ~1 MB for js-yaml, ~0.48 ms. From the baked image a run maps them
    copy-on-write and pays only for the pages it touches: measured interleaved on js-yaml, a whole
    run took 1.49 ms from the graph's image against 1.82 ms with the pages written in (1.03 ms for
    a run importing nothing)."""

    template: templates.GuestTemplate
    layer: templates.GuestTemplate | None = None

    def prepare(self, vm: driver.GuestVM) -> None:
        """Write the evaluated graph into the run's fresh VM (before its entry runs), if it needs it."""
        if self.layer is not None:
            vm.write_layer(self.layer)


class _Graphs:
    """One template's graph images, sightings and builds in flight."""

    def __init__(self) -> None:
        self.images: OrderedDict[GraphKey, GraphImage] = OrderedDict()
        self.sightings: OrderedDict[GraphKey, int] = OrderedDict()
        #: Graphs refused, or being built: not counted or built again.
        self.settled: OrderedDict[GraphKey, None] = OrderedDict()
        self.lock = threading.Lock()


_by_template: weakref.WeakKeyDictionary[templates.GuestTemplate, _Graphs] = weakref.WeakKeyDictionary()
_registry_lock = threading.Lock()
_builds: set[threading.Thread] = set()


def start_for_run(
    template: templates.GuestTemplate,
    entry: EntryModule,
    modules: ModuleGraph | None,
    names: frozenset[str],
    *,
    memory_limit: int,
    stack_limit: int,
    timeout_s: float | None,
) -> GraphStart:
    """Where this run starts: its graph's image when there is one that fits, else the prelude's
    template (today's path). A failure here only costs the run its shortcut."""
    image = _image(template, entry, modules, names, stack_limit)
    try:
        if image is None or not image.within(memory_limit, stack_limit, timeout_s):
            return GraphStart(template)
    except Exception:
        logger.exception("checking the graph image of %s failed", entry.specifiers)
        return GraphStart(template)
    counts["served"] += 1
    if image.whole.module_for_run() is not None:  # counts the use: baked in the background once hot
        counts["served_baked"] += 1
        return GraphStart(image.whole)
    return GraphStart(template, image.layer)


def _image(
    template: templates.GuestTemplate,
    entry: EntryModule,
    modules: ModuleGraph | None,
    names: frozenset[str],
    stack_limit: int,
) -> GraphImage | None:
    """The graph's image, if one was built and it is still the run's graph (resolutions, sources);
    counts the sighting, and starts the build once the graph was seen `SNAPSHOT_AFTER` times."""
    if modules is None or not entry.specifiers:
        return None
    try:
        ids = tuple(modules.resolve(ENTRY_ID, spec) for spec in entry.specifiers)
        key = GraphKey(entry.specifiers, ids, tuple(modules.source(module_id) for module_id in ids), names)
    except CordonError:
        return None  # the run refuses it, as today
    with _registry_lock:
        graphs = _by_template.get(template)
        if graphs is None:
            graphs = _by_template[template] = _Graphs()
    with graphs.lock:
        image = graphs.images.get(key)
        if image is not None:
            graphs.images.move_to_end(key)
        elif key not in graphs.settled:
            seen = graphs.sightings.pop(key, 0) + 1
            graphs.sightings[key] = seen
            while len(graphs.sightings) > _SIGHTINGS_KEPT:
                graphs.sightings.popitem(last=False)
            if seen >= SNAPSHOT_AFTER:
                graphs.settled[key] = None
                while len(graphs.settled) > _SIGHTINGS_KEPT:  # a refusal forgotten is only built again
                    graphs.settled.popitem(last=False)
                _start_build(template, graphs, key, modules, stack_limit)
    if image is None:
        return None
    try:
        if not image.matches(modules):
            with graphs.lock:  # a module further down changed: build the new graph on its next sighting
                if graphs.images.get(key) is image:
                    del graphs.images[key]
            return None
    except Exception:
        logger.exception("checking the graph image of %s failed", key.module_ids)
        return None
    return image


def _start_build(
    template: templates.GuestTemplate, graphs: _Graphs, key: GraphKey, modules: ModuleGraph, stack_limit: int
) -> None:
    def work() -> None:
        try:
            image = build(template, key, modules, stack_limit=stack_limit)
        except Exception:
            logger.exception("building the graph image of %s failed", key.module_ids)
            image = None
        with graphs.lock:
            if image is None:
                counts["refused"] += 1
            else:
                counts["built"] += 1
                graphs.images[key] = image
                graphs.settled.pop(key, None)
                while len(graphs.images) > GRAPHS_KEPT:
                    dropped, _ = graphs.images.popitem(last=False)
                    graphs.settled.pop(dropped, None)
        with _registry_lock:
            _builds.discard(threading.current_thread())

    thread = threading.Thread(target=work, name="cordon-graph-image", daemon=True)
    with _registry_lock:
        _builds.add(thread)
    thread.start()


def wait_for_builds(timeout: float = 30.0) -> None:
    """Let the builds in flight finish (tests and benchmarks: a build is otherwise never awaited)."""
    with _registry_lock:
        threads = list(_builds)
    for thread in threads:
        thread.join(timeout)


def clear() -> None:
    """Forget every graph image and sighting (tests of the paths an image bypasses start from none)."""
    wait_for_builds()
    with _registry_lock:
        _by_template.clear()


class _Refused(Exception):
    """Why a graph is not snapshotted (logged at debug: its runs simply take today's path)."""


def build(
    template: templates.GuestTemplate, key: GraphKey, modules: ModuleGraph, *, stack_limit: int
) -> GraphImage | None:
    """Evaluate the graph in a VM of its own (no body, no inputs) and keep its pages, or None when
    the graph is not one to snapshot (see the module's docstring)."""
    try:
        return _build(template, key, modules, stack_limit)
    except _Refused as why:
        logger.debug("graph %s is not snapshotted: %s", key.module_ids, why)
        return None


def _build(template: templates.GuestTemplate, key: GraphKey, modules: ModuleGraph, stack_limit: int) -> GraphImage:
    imports = RunImports(modules)
    served: dict[str, str] = {}
    resolutions: list[tuple[str, str, str]] = []
    host_calls: list[str] = []
    synthetic = {BEGIN_ID: _begin_source(key.names)}

    def normalize(base: str, specifier: str) -> str | None:
        if specifier == BEGIN_ID and base in (GRAPH_ID, END_ID):
            return BEGIN_ID
        if base in (BEGIN_ID, END_ID) or specifier in (BEGIN_ID, END_ID, GRAPH_ID):
            return None
        answer = imports.normalize(guest_errors.ENTRY_MODULE_NAME if base == GRAPH_ID else base, specifier)
        if answer is not None:
            resolutions.append((ENTRY_ID if base == GRAPH_ID else base, specifier, answer))
        return answer

    def load(module_id: str) -> str | None:
        if module_id in synthetic:
            return synthetic[module_id]
        source = imports.load(module_id)
        if source is not None:
            served[module_id] = source
        return source

    options = driver.VMOptions(
        _tripping_functions(template.signature, host_calls),
        memory_limit=MAX_MEMORY,
        stack_limit=stack_limit,
        normalize=normalize,
        load=load,
        # From source, never through Cordon's bytecode cache: a build runs beside the runs, and the
        # cache's counts (what tests read of a run's loads) stay the runs' own. A compile in the
        # background (~6 ms for js-yaml) once per graph costs no run anything.
        keep_bytecode=None,
    )
    # The template's pages written into a bare instance, never its baked image: the graph's
    # image is a layer over those pages, so its build must not count as a use of the image.
    with driver.GuestVM(templates.GuestTemplate(template.size, template.chunks, template.signature), options) as vm:
        vm.arm_epoch(BUILD_SECONDS)
        started = time.perf_counter()
        verdict = _evaluate(vm, key)
        evaluation_s = time.perf_counter() - started
        taints = [] if verdict == "clean" else [verdict]
        if host_calls:
            taints.append(f"host call {host_calls[0]}")
        if vm.clock_reads:
            taints.append("clock read")
        for module_id, source in served.items():
            taints.extend(f"{module_id}: {why}" for why in _source_taints(source))
        if taints:
            raise _Refused("its top level " + "; ".join(taints))
        vm.arm_epoch(None)
        vm.collect_garbage()
        memory = vm.memory_image()
    if len(memory) > MAX_MEMORY:
        raise _Refused(f"its memory ({len(memory)} bytes) is over {MAX_MEMORY}")
    layer = templates.GuestTemplate(len(memory), _changed_pages(template, memory), template.signature)
    # The same graph over the same template gives the same memory in every process (no clock, no
    # randomness, no secret in it), so an earlier process's baked image may be in Cordon's cache.
    whole = templates.GuestTemplate(len(memory), [], template.signature, memory)
    whole.load_cached()
    logger.debug(
        "graph %s snapshotted: %d bytes in %d ranges over the template",
        key.module_ids,
        sum(len(block) for _, block in layer.chunks),
        len(layer.chunks),
    )
    return GraphImage(
        layer=layer,
        whole=whole,
        modules=tuple(served.items()),
        resolutions=tuple(resolutions),
        stack_limit=min(stack_limit, driver.MAX_JS_STACK),
        evaluation_s=evaluation_s,
    )


def _evaluate(vm: driver.GuestVM, key: GraphKey) -> str:
    """Evaluate the synthetic entry (the tripwires, then each of the body's imports in its order,
    jobs drained) and then the module that removes the tripwires and reports: "clean", or what
    tripped first."""
    entry = f'import "{BEGIN_ID}";\n' + "".join(f"import {json.dumps(spec)};\n" for spec in key.specifiers)
    loop = asyncio.new_event_loop()
    try:
        try:
            loop.run_until_complete(vm.eval_module(entry, filename=GRAPH_ID))
        except (guest_errors.GuestError, guest_errors.Trap) as exc:
            raise _Refused(f"evaluation failed: {exc}") from None
        if vm.evaluation_left_jobs:
            # Today such jobs run after the body's first synchronous part; from an image, before it.
            return "tainted: queued a promise job (an await, or a call of an async function that awaits)"
        try:
            loop.run_until_complete(vm.eval_module(_END_JS, filename=END_ID))
        except guest_errors.JSError as exc:
            if exc.name == _REPORT:
                return exc.message
            raise _Refused(f"no report: {exc}") from None
        except (guest_errors.GuestError, guest_errors.Trap) as exc:
            raise _Refused(f"no report: {exc}") from None
        raise _Refused("no report")
    finally:
        loop.close()


def _tripping_functions(signature: tuple[tuple[str, bool], ...], calls: list[str]) -> driver.HostFunctions:
    """Host functions that record a call and fail it: the snapshot VM reaches no bridge."""

    def refuse(*args: Any) -> None:
        calls.append(str(args[0])[:40] if args else "?")
        raise RuntimeError("no host calls while a graph image is built")

    async def refuse_async(*args: Any) -> None:
        refuse(*args)

    functions: dict[str, tuple[Callable[..., Any], bool]] = {}
    for name, is_async in signature:
        functions[name] = (refuse_async if is_async else refuse, is_async)
    return functions


def _source_taints(source: str) -> list[str]:
    """What a module's source alone rules out: a dynamic `import()`, refused after the seal today.
    (A top-level `await`, or an async function called at top level that awaits, leaves a promise job
    queued when the graph's synchronous evaluation ends: the guest reports that, `_evaluate`.)"""
    # A pack module passed discovery under its own size cap (an npm bundle up to its raised limit, past
    # jsparse's 1 MiB for bodies: mathjs is 1.9 MB, whose build raised SourceRefused), so no second cap.
    tree = jsparse.parse(source, max_chars=max(len(source), jsparse.MAX_SOURCE_CHARS))
    return ["dynamic import()"] if jsparse.dynamic_import_calls(tree) else []


def _changed_pages(template: templates.GuestTemplate, memory: bytes) -> list[tuple[int, bytes]]:
    """The pages of `memory` that differ from the template's (its chunks over a fresh instance)."""
    base = bytearray(driver.install().initial_memory)
    base.extend(bytes(max(0, template.size - len(base))))
    for offset, written in template.chunks:
        base[offset : offset + len(written)] = written
    return templates.changed_pages(base, memory)


def _begin_source(names: frozenset[str]) -> str:
    """The tripwires (core/guest/graph_tripwires.js) for these seal globals."""
    return surface_js("graph_tripwires.js", NAMES=json.dumps(sorted(names)))
