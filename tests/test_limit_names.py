"""Limits written with the reference's spellings work unchanged.

`runInSandbox` names some limits differently from Cordon (`maxFetchCalls`,
`maxResponseBodyBytes`, `stackLimitBytes`), and a Code node's props are limits
too (`timeout` in seconds, `max_response_mb`, `allow_local_network`,
`allow_host_filesystem`, `secrets`). Both spellings map through the same
clamping; an unknown name is still refused, listing the known ones.
"""

from __future__ import annotations

import pytest

from core import CEILINGS, LimitsError, resolve_limits, run_in_sandbox
from core.limits import MB


def test_reference_fetch_call_limit_bites_in_the_guest():
    result = run_in_sandbox('await fetch("https://example.invalid/")', limits={"maxFetchCalls": 0})
    assert not result.ok and result.error.rule == "fetch-max-calls", result
    assert "at most 0 fetch() calls" in result.error.message


def test_node_prop_timeout_is_seconds():
    result = run_in_sandbox("while (true) {}", limits={"timeout": 0.3})
    assert not result.ok and result.error.rule == "timeout", result
    assert run_in_sandbox("return 1 + 1").result == 2


@pytest.mark.parametrize(
    ("reference", "cordon", "expected"),
    [
        ({"maxFetchCalls": 7}, "fetchMaxCalls", 7),
        ({"maxResponseBodyBytes": 2048}, "fetchMaxBodyBytes", 2048),
        ({"stackLimitBytes": 10**12}, "maxStackBytes", CEILINGS["maxStackBytes"]),  # clamped like Cordon's name
        ({"maxFetchCalls": 10**6}, "fetchMaxCalls", CEILINGS["fetchMaxCalls"]),
        ({"timeout": 2.5}, "timeoutMs", 2500),
        ({"timeout": 0}, "timeoutMs", 0),
        ({"max_response_mb": 3}, "fetchMaxBodyBytes", 3 * MB),
        ({"max_response_mb": 10**6}, "fetchMaxBodyBytes", CEILINGS["fetchMaxBodyBytes"]),
        ({"allow_local_network": True}, "allowPrivateNetwork", True),
        ({"allow_host_filesystem": True}, "filesystemAccess", "host"),
        ({"allow_host_filesystem": False}, "filesystemAccess", "workspace"),
        ({"secrets": ["API_KEY"]}, "secretScope", ("API_KEY",)),
    ],
)
def test_reference_spelling_maps_through_the_same_clamping(reference, cordon, expected):
    assert getattr(resolve_limits(reference), cordon) == expected


def test_reference_spelling_cannot_switch_a_protection_off():
    with pytest.raises(LimitsError, match=r"maxResponseBodyBytes|fetchMaxBodyBytes"):
        resolve_limits({"maxResponseBodyBytes": 0})


def test_one_limit_named_twice_is_refused():
    with pytest.raises(LimitsError) as info:
        resolve_limits({"maxFetchCalls": 3, "fetchMaxCalls": 4})
    assert info.value.rule == "duplicate-limit"
    assert "'maxFetchCalls'" in info.value.message and "'fetchMaxCalls'" in info.value.message


def test_unknown_name_lists_both_spellings():
    with pytest.raises(LimitsError) as info:
        resolve_limits({"maxFetches": 3})
    assert info.value.rule == "unknown-limit"
    assert "fetchMaxCalls" in info.value.message and "maxFetchCalls" in info.value.message
