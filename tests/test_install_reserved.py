"""`cordon packs install` refuses Cordon's reserved scopes before asking any registry.

`npm:@cordon/sandbox-yaml` and `npm:@nodetool-ai/sandbox-csv` used to exit 0 with `installed: true`,
showing an official-looking name in the consent and leaving a folder discovery then refused.
"""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.packs.roots import installed_dir
from tests import install_support

home = install_support.home
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


@pytest.mark.parametrize(
    "source",
    ["npm:@cordon/sandbox-yaml", "npm:@nodetool-ai/sandbox-csv@^1", "@cordon/sandbox-hash", "npm:@nodetool-ai/other"],
)
def test_a_reserved_scope_is_refused_before_any_download(registry, capsys, source):
    assert main(["packs", "install", source, "--registry", registry.url, "--yes", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["installed"] is False and report["error"]["rule"] == "pack-reserved-scope"
    assert registry.requests == []
    assert not (installed_dir() / "@cordon").exists() and not (installed_dir() / "@nodetool-ai").exists()
