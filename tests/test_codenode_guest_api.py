"""The guest API the editor completes from is asked of a real guest, not kept by hand."""

from __future__ import annotations

from core.codenode import declared_guest_api, probe_guest_api


def test_the_probe_lists_the_contract_the_bridges_and_their_members():
    api = probe_guest_api()
    assert {"inputs", "emit", "output", "stream", "state", "fetch", "workspace", "console"} <= set(api.globals)
    assert {"read", "write", "readBytes"} <= set(api.members["workspace"])
    assert "log" in api.members["console"] and "length" not in api.members["Array"]


def test_every_declared_name_is_reachable_in_the_guest():
    """The fallback (before the probe lands) offers nothing a body could not use."""
    assert set(declared_guest_api().globals) <= set(probe_guest_api().globals)
