"""Differential: the 20 libraries of bench/bench_npm.py bundled with and without shortened local names.

Each library (tests/fixtures/npm-libraries.tar.gz: the pinned versions, pruned to the files Cordon
bundles; tests/fixtures/make_npm_libraries.py made it) is bundled twice, with the renaming pass and
without, and each bundle goes through what an install does with it: the export probe in a sandbox with no
capabilities, the code-generation check, the final module, then the library's one-line use from the bench
on the real engine. Both must admit or refuse alike, export the same names and return the same value
(the one the bench expects); the renamed bundle is never larger.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from bench.bench_npm import CALLS
from core.packs.npm import bundle, codegen, probe
from core.packs.npm.resolve import CompileError

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
