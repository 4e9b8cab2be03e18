"""The reference's `nodetool` object on a host with no toolbelt.

Reference: "without one, `nodetool.capabilities()` reports `{}` and each method
throws naming the tool it needs instead of a `ReferenceError`", while
`nodetool.secrets` keeps working.
"""

from __future__ import annotations

import pytest

from core import run_in_sandbox, secrets_store
from tests.conftest import ok


def test_capabilities_reports_nothing_on_a_host_without_a_toolbelt():
    assert ok(run_in_sandbox("return nodetool.capabilities()")) == {}


@pytest.mark.parametrize(
    ("call", "named"),
    [
        ("nodetool.workflows.run({ id: 'w' })", "nodetool.workflows.run()"),
        ("await nodetool.assets.list()", "nodetool.assets.list()"),
        ("nodetool.graph()", "nodetool.graph()"),
        ("await nodetool.media.understandVideo(null, 'what?')", "nodetool.media.understandVideo()"),
    ],
)
def test_each_method_throws_an_error_naming_what_it_needs(call, named):
    result = run_in_sandbox(f"try {{ {call}; return 'ran'; }} catch (e) {{ return [e.name, e.rule, e.message]; }}")
    name, rule, message = ok(result)
    assert (name, rule) == ("Error", "nodetool-tool-unavailable")
    assert message.startswith(named) and "toolbelt" in message


def test_an_uncaught_call_fails_the_run_with_the_rule():
    result = run_in_sandbox("return nodetool.jobs.cancel('x')")
    assert not result.ok and result.error.rule == "nodetool-tool-unavailable", result


def test_probing_the_object_does_not_call_a_tool():
    """`await`, JSON and typeof checks see an ordinary object, not throwers."""
    assert ok(
        run_in_sandbox("""
      const same = (await nodetool) === nodetool;
      return [same, JSON.stringify({ n: 1, t: typeof nodetool.workflows }), Object.keys(nodetool).sort()];
    """)
    ) == [True, '{"n":1,"t":"function"}', ["capabilities", "secrets"]]


def test_secrets_keep_working(memory_keyring):
    secrets_store.set_secret("API_KEY", "s3cret")
    assert ok(
        run_in_sandbox("""
      return [await nodetool.secrets.get("API_KEY"), await nodetool.secrets.tryGet("NOPE")];
    """)
    ) == ["s3cret", None]
