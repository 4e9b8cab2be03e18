"""Differential: the 20 libraries of bench/bench_npm.py bundled with and without shortened local names.

Each library (tests/fixtures/npm-libraries.tar.gz: the pinned versions, pruned to the files Cordon
bundles; tests/fixtures/make_npm_libraries.py made it) is bundled twice, with the renaming pass and
without, and each bundle goes through what an install does with it: the export probe in a sandbox with no
capabilities, the code-generation check, the final module, then the library's one-line use from the bench
on the real engine. Both must admit or refuse alike, export the same names and return the same value
(the one the bench expects); the renamed bundle is never larger. A second check reads every file of
those libraries: shortened, each reference still resolves to the binding it resolved to before.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from bench.bench_npm import CALLS
from core import jsparse
from core.packs.npm import bundle, codegen, probe
from core.packs.npm.minify import minify
from core.packs.npm.resolve import CompileError
from core.packs.npm.scope import Analysis, analyze
from core.packs.npm.transform import CJS_PARAMS

ARCHIVE = Path(__file__).with_name("fixtures") / "npm-libraries.tar.gz"
LIMIT = 8 << 20


@pytest.fixture(scope="module")
def libraries(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("npm-libraries")
    with tarfile.open(ARCHIVE) as archive:
        archive.extractall(root, filter="data")
    return root


def outcome(root: Path, name: str, shorten_names: bool) -> tuple[int, object, list[str]]:
    """(final module size, the one-line use's value or the refusal's rule, the export names)."""
    entries, code, _ = CALLS[name]
    dependency = name if entries == (".",) else name + entries[0][1:]
    try:
        built = bundle.build(root, dependency, LIMIT, shorten_names=shorten_names)
        names = probe.export_names(built.keys_probe_source(), dependency)
        codegen.check(built.links, names, dependency)
        source, exported = built.module_source(names)
    except CompileError as exc:
        return 0, exc.rule, []
    body = code.replace(f'"{dependency}"', f'"{probe.SPECIFIER}"')
    return len(source.encode("utf-8")), probe.run_probe(source, body, dependency), exported


@pytest.mark.parametrize("name", list(CALLS))
def test_a_library_behaves_the_same_with_shortened_names(libraries, name):
    size, value, exported = outcome(libraries, name, shorten_names=False)
    short_size, short_value, short_exported = outcome(libraries, name, shorten_names=True)
    assert short_value == value and short_exported == exported
    assert value == ("npm-module-needs-code-generation" if name == "ajv" else CALLS[name][2])
    assert short_size <= size


def _analysis(tree, esm: bool) -> Analysis:
    return analyze(tree) if esm else analyze(tree, predeclared=CJS_PARAMS, sloppy=True)


def _resolutions(source: str, esm: bool) -> list[tuple[int, object]]:
    """Each reference, in order: its line and what it resolves to (a global by name, a binding by the rank
    of its first declaration among the file's, `arguments` by name)."""
    analysis = _analysis(jsparse.parse(source, max_chars=LIMIT), esm)
    firsts = sorted({b.sites[0].start_byte for _, b in analysis.references if b is not None and b.sites})
    rank = {start: i for i, start in enumerate(firsts)}
    found: list[tuple[int, object]] = []
    for ref, binding in analysis.references:
        if binding is None:
            target: object = ("global", ref.name)
        elif binding.sites:
            target = ("binding", rank[binding.sites[0].start_byte], binding.kind)
        else:
            target = ("implicit", binding.name)
        found.append((ref.node.start_point[0], target))
    return found


def test_every_reference_keeps_its_binding_in_every_file_of_the_libraries(libraries):
    """Renaming is a bijection on bindings: the same references, on the same lines, reaching the same
    globals by the same names and the same bindings (one new name each, never shared)."""
    checked = 0
    for path in sorted((libraries / "node_modules").rglob("*")):
        if path.suffix not in (".js", ".mjs", ".cjs") or not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        tree = jsparse.parse(source, max_chars=LIMIT)
        if tree.root_node.has_error:
            continue
        esm = any(c.type in ("import_statement", "export_statement") for c in tree.root_node.children)
        shortened = minify(source, tree, _analysis(tree, esm))
        assert not jsparse.parse(shortened, max_chars=LIMIT).root_node.has_error, path
        before, after = _resolutions(minify(source, tree), esm), _resolutions(shortened, esm)
        assert len(before) == len(after), path
        forward: dict[object, object] = {}
        backward: dict[object, object] = {}
        for (line, old), (new_line, new) in zip(before, after, strict=True):
            assert line == new_line and forward.setdefault(old, new) == new, (path, line, old)
            assert backward.setdefault(new, old) == old, (path, line, new)
            assert old[0] != "global" or old == new, (path, line, old)
        checked += 1
    assert checked > 2000
