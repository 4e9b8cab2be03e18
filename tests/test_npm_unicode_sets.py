"""A library whose regular expressions carry the `v` flag loads (jsonpath-plus 11's browser build).

The guest's parser refuses valid `v` patterns (a `-` outside a class); the npm compiler writes the flag as
`u` where both mean the same and keeps `v` where the pattern needs it.
"""

from __future__ import annotations

from core import run_in_sandbox
from core.packs.install import commit_install, prepare_install
from tests import install_support
from tests.conftest import ok
from tests.test_install_npm_node_compat import run

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def test_a_v_flag_pattern_the_guest_refuses_loads_as_u_and_matches_the_same(registry, tmp_path):
    assert not run_in_sandbox("return /^(-?\\d*):(-?\\d*)$/v.test('1:-2');").ok  # the guest's own parser
    install_support.publish_package(
        registry,
        tmp_path,
        {"name": "slices", "version": "1.0.0", "type": "module", "exports": "./index.js"},
        {
            "index.js": (
                "const slice = /^(-?\\d*):(-?\\d*)$/v;\n"
                "const sets = /[\\p{L}--[a-z]]/v;\n"
                "export const parse = (text) => slice.exec(text).slice(1);\n"
                "export const flags = () => slice.flags;\n"
                "export const hasSets = () => typeof sets;\n"
            )
        },
    )
    commit_install(prepare_install("npm:slices", registry=registry.url))
    code = 'import { parse, flags, hasSets } from "slices";\nreturn [parse("1:-2"), flags(), hasSets()];'
    assert ok(run(code)) == [["1", "-2"], "u", "object"]  # a pattern that needs v keeps it
