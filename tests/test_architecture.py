"""The house rules of docs/architecture.md, checked on the source (ast, nothing imported).

- no Qt under `core/` (the engine runs headless: CLI, tests, the Code node);
- the studio (`gui/`) reaches `core` only through its public facades;
- nothing touches wasmtime's private names, and no QuickJS binding is imported (Cordon drives its own guest);
- no import cycles: none between modules of `core/`, none between unrelated packages.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What `gui/` may import from `core`: the package facades, the validation API the editor shares with the CLI,
#: the keyring API the CLI's `cordon secrets`, the secrets bridge and the studio's Secrets page all call
#: (a leaf module: no engine behind it), and the application's wiring (where state lives, where logs go).
FACADES = frozenset(
    {
        "core",
        "core.codenode",
        "core.logs",
        "core.packs",
        "core.packs.install",
        "core.paths",
        "core.secrets_store",
        "core.typescript",
        "core.validate",
    }
)

#: Reaches past the facades, as (gui module, core module): empty since the GUI moved onto the
#: facades. It stays empty: a name the studio needs is exported by a facade instead.
GUI_ALLOWLIST: frozenset[tuple[str, str]] = frozenset()

QT_PACKAGES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy")


def modules(package: str) -> dict[str, Path]:
    """Dotted name -> file of every module under the top-level `package`."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, ast.stmt]]:
    """(imported module, statement) for each import in the file, at any depth, except under TYPE_CHECKING.

    `from pkg import sub` names the submodule when `sub` is one; otherwise the package itself.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(node: ast.AST) -> Iterator[ast.stmt]:
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            yield from walk(child)

    for stmt in walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                yield alias.name, stmt
            continue
        assert isinstance(stmt, ast.ImportFrom)
        base = stmt.module or ""
        if stmt.level:
            anchor = package.split(".")[: len(package.split(".")) - stmt.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        subs = [f"{base}.{a.name}" for a in stmt.names if f"{base}.{a.name}" in known]
        yield from ((sub, stmt) for sub in subs)
        if len(subs) < len(stmt.names):
            yield base, stmt


def core_graph() -> dict[str, set[str]]:
    core = modules("core")
    return {name: {m for m, _ in imports(name, path, core) if m in core} for name, path in core.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles_between_modules_of_core():
    assert cycles(core_graph()) == []


def test_no_import_cycles_between_packages_of_core():
    """A package may use its parent's modules and a parent may wire in a subpackage; unrelated
    packages (core.engine and core.packs, say) depend one way only."""
    core = modules("core")
    package_of = {name: name if path.name == "__init__.py" else name.rpartition(".")[0] for name, path in core.items()}

    def related(a: str, b: str) -> bool:
        return a == b or a.startswith(b + ".") or b.startswith(a + ".")

    graph: dict[str, set[str]] = {pkg: set() for pkg in package_of.values()}
    for name, targets in core_graph().items():
        for target in targets:
            if not related(package_of[name], package_of[target]):
                graph[package_of[name]].add(package_of[target])
    assert cycles(graph) == []


def test_no_qt_under_core():
    core = modules("core")
    found = [
        f"{name} imports {module}"
        for name, path in core.items()
        for module, _ in imports(name, path, core)
        if module.split(".")[0] in QT_PACKAGES
    ]
    assert found == []


def test_gui_reaches_core_only_through_its_facades():
    core = modules("core")
    reaches = set()
    for name, path in modules("gui").items():
        for module, _ in imports(name, path, core):
            if module.split(".")[0] == "core" and module not in FACADES:
                reaches.add((name, module))
    assert sorted(reaches - GUI_ALLOWLIST) == [], "import these through a facade (core, core.packs, core.codenode, ...)"
    assert sorted(GUI_ALLOWLIST - reaches) == [], "fixed: remove these lines from GUI_ALLOWLIST"


#: The one module that may reach wasmtime's C API below wasmtime-py's public wrappers (the pooling
#: allocator, Winch, one export, a call without values); its docstring says why.
WASMTIME_ADAPTER = "core.engine.wasmtime_capi"


def test_nothing_touches_the_binding_internals():
    """quickjs_rs at all, and wasmtime's private modules and names: everything but the one adapter
    (`WASMTIME_ADAPTER`) uses wasmtime's public API only."""
    found = []
    for package in ("core", "gui"):
        known = modules(package)
        assert package != "core" or WASMTIME_ADAPTER in known, "the adapter moved: update WASMTIME_ADAPTER"
        for name, path in known.items():
            if name == WASMTIME_ADAPTER:
                continue
            for module, stmt in imports(name, path, known):
                private = (
                    isinstance(stmt, ast.ImportFrom)
                    and module.split(".")[0] == "wasmtime"
                    and any(a.name.startswith("_") for a in stmt.names)
                )
                if module.split(".")[0] == "quickjs_rs" or module.startswith("wasmtime._") or private:
                    found.append(f"{name} imports {module}")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name)
                    and node.value.id in ("wasmtime", "quickjs_rs")
                ):
                    found.append(f"{name} uses {node.value.id}.{node.attr}")
    assert found == []


def test_a_broad_except_logs_the_traceback_it_swallows():
    """`except Exception` / `except BaseException` / `except:` either re-raises as is or calls the module's logger:
    a bug turned into a one-line message for the person is still on record for whoever fixes it."""
    silent = []
    for package in ("core", "gui"):
        for path in modules(package).values():
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ExceptHandler):
                    continue
                caught = {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)} if node.type else {"bare"}
                if not caught & {"Exception", "BaseException", "bare"}:
                    continue
                inner = [n for stmt in node.body for n in ast.walk(stmt)]
                reraises = any(isinstance(n, ast.Raise) and n.exc is None for n in inner)
                logs = any(
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Name)
                    and n.func.value.id == "logger"
                    for n in inner
                )
                if not (reraises or logs):
                    silent.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert silent == []


# -- the layers of docs/architecture.md ------------------------------------------------------------

#: Edges up the layer list that are allowed, each with its reason (the list is the exception, not the rule).
LAYER_ALLOWLIST: dict[tuple[str, str], str] = {
    ("core.cli", "gui.app"): "`cordon` with no subcommand opens the studio (imported only then)",
    ("core.specifier", "core.packs.npm.polyfills"): "a refused Node builtin's advice names the polyfill packs "
    "Cordon vendors (imported only when such an import is refused)",
    ("core.hostwork.wire", "core.media_store"): "a host worker's reply carries the run's media items "
    "(`MediaItem`, plain data) into the run's media store",
}

#: A layer line: one or more paths (`core/bridges/, core/media_store.py`), then what the layer holds.
_LAYER_PATHS = re.compile(r"(?:\S+, )*\S+")


def documented_layers(text: str | None = None) -> list[tuple[str, ...]]:
    """The layer list of docs/architecture.md ("## The layers"), top first: each line's paths
    (`core/cli/`, `core/validate.py`, `core/*.py`); continuation lines (`  |  ...`) are skipped."""
    if text is None:
        text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("## The layers", 1)[1].split("```", 2)[1]
    found = []
    for line in block.splitlines()[1:]:
        match = _LAYER_PATHS.match(line)
        if match is not None:
            found.append(tuple(match.group(0).split(", ")))
    return found


def _holds(layer: str, path: str) -> bool:
    if layer.endswith("/*.py"):
        parent = layer[: -len("/*.py")]
        return path == parent or (path.startswith(parent + "/") and "/" not in path[len(parent) + 1 :])
    if layer.endswith("/"):
        return path == layer[:-1] or path.startswith(layer)
    return path == layer.removesuffix(".py")


def layer_of(module: str, layers: list[tuple[str, ...]]) -> int | None:
    """The index of the layer whose most specific path holds `module` (a dotted name), or None."""
    path = module.replace(".", "/")
    best: tuple[int, int] | None = None  # (specificity, index)
    for index, paths in enumerate(layers):
        for layer in paths:
            if _holds(layer, path) and (best is None or len(layer) > best[0]):
                best = (len(layer), index)
    return None if best is None else best[1]


def layer_violations(graph: dict[str, set[str]], layers: list[tuple[str, ...]]) -> list[str]:
    """Every import from a lower layer up to a higher one, and every module in no layer. A package and its
    parent are two layers like any others (`core/*.py` may not reach into `core/engine/`)."""
    found = []
    for name in sorted(graph):
        mine = layer_of(name, layers)
        if mine is None:
            found.append(f"{name} is in no layer of docs/architecture.md")
            continue
        for target in sorted(graph[name]):
            theirs = layer_of(target, layers)
            if theirs is not None and theirs < mine and (name, target) not in LAYER_ALLOWLIST:
                above = ", ".join(layers[theirs])
                found.append(f"{name} ({', '.join(layers[mine])}) imports {target} ({above}), a layer above it")
    return found


def gui_and_core_graph() -> dict[str, set[str]]:
    core, gui = modules("core"), modules("gui")
    known = {**core, **gui}
    return {name: {m for m, _ in imports(name, path, known) if m in known} for name, path in known.items()}


def test_each_layer_imports_only_the_layers_below_it():
    assert layer_violations(gui_and_core_graph(), documented_layers()) == []


def test_the_layer_check_fails_on_a_planted_back_edge():
    """A test of the test: an edge up the list, also from a parent package into its child, is found."""
    layers = documented_layers()
    graph = gui_and_core_graph()
    assert layer_violations(graph, layers) == []
    planted = {**graph, "core.jsparse": {*graph["core.jsparse"], "core.codenode.runner"}}
    assert layer_violations(planted, layers) == [
        "core.jsparse (core/*.py, core/secrets/) imports core.codenode.runner (core/codenode/), a layer above it"
    ]
    parent_to_child = {**graph, "core.paths": {*graph["core.paths"], "core.engine.run"}}
    assert layer_violations(parent_to_child, layers) == [
        "core.paths (core/*.py, core/secrets/) imports core.engine.run (core/engine/), a layer above it"
    ]
    stray = {**graph, "core.nowhere.thing": set()}
    assert "core.nowhere.thing is in no layer of docs/architecture.md" in layer_violations(stray, layers)


def test_the_layer_list_is_read_from_the_document():
    layers = documented_layers()
    assert layers[0] == ("gui/",) and "core/*.py" in layers[-1]
    assert layers.index(("core/codenode/",)) < layers.index(("core/packs/",)) < layers.index(("core/engine/",))


def test_bridges_block_only_through_the_bounded_run_aware_offload():
    """A bridge's blocking work goes through `in_io_thread` / `in_worker_thread` (core/bridges/base.py): bounded
    pools that skip work of a run that already stopped. `asyncio.to_thread` is neither; only the SSRF guard's
    test resolver seam, which has no run to ask, uses it."""
    allowed = {"core/bridges/netguard.py"}
    found = []
    for path in sorted((ROOT / "core" / "bridges").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "to_thread":
                where = str(path.relative_to(ROOT))
                if where not in allowed:
                    found.append(f"{where}:{node.lineno}")
    assert found == []


_ISSUE_REFERENCE = re.compile(r"\bissues? #?\d+|\(#\d+\)", re.IGNORECASE)


def test_the_source_says_the_reason_rather_than_an_issue_number():
    """A comment or docstring under `core/` or `gui/` states its reason itself: the word "issue" and a number
    send the reader to a tracker that is not part of the repository."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for package in ("core", "gui")
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _ISSUE_REFERENCE.search(line)
    ]
    assert found == []
