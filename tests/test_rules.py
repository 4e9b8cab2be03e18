"""The rule registry (`core/rules.py`): every rule named once, and the rule travels as a field.

The source scan is the point: a `rule="..."` literal, a `RULE_*` constant or a class's
`rule = "..."` added anywhere under `core/` fails here until it is registered.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from core import run_in_sandbox
from core.cli import main
from core.errors import LimitExceeded, SandboxRefusal
from core.limits import SandboxLimits
from core.rules import (
    _NAMES,
    GUEST_RULES,
    LIMIT_RULES,
    RULE_SENTENCES,
    RULES,
    problem_line,
    rule_alias,
    rule_sentence,
)

CORE = Path(__file__).resolve().parent.parent / "core"
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def _is_rule_name(target: ast.expr) -> bool:
    name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else ""
    return name == "rule" or name.startswith("RULE_") or name.endswith("_RULE")


def rule_literals() -> dict[str, str]:
    """Every rule written as a literal in core/: rule -> first place it is written."""
    found: dict[str, str] = {}
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            value = None
            if (
                (isinstance(node, ast.keyword) and node.arg == "rule")
                or (isinstance(node, ast.Assign) and any(_is_rule_name(t) for t in node.targets))
                or (isinstance(node, ast.AnnAssign) and _is_rule_name(node.target))
            ):
                value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.setdefault(value.value, f"{path.relative_to(CORE.parent)}:{value.lineno}")
    return found


def test_every_rule_in_core_is_registered_and_kebab_case():
    literals = rule_literals()
    assert len(literals) > 100  # the scan sees the code base, not nothing
    unregistered = {rule: where for rule, where in literals.items() if rule not in RULES}
    assert not unregistered, f"register these in core/rules.py: {unregistered}"
    assert all(KEBAB.fullmatch(rule) for rule in RULES), sorted(r for r in RULES if not KEBAB.fullmatch(r))


def test_each_rule_is_named_once():
    assert len(_NAMES) == len(set(_NAMES))
    assert not set(_NAMES) & RULE_SENTENCES.keys()


def test_limit_rules_are_registered_and_name_real_limits():
    assert set(LIMIT_RULES) <= set(SandboxLimits.__dataclass_fields__)
    assert set(LIMIT_RULES.values()) <= RULES
    assert GUEST_RULES <= RULES


def test_limit_exceeded_carries_the_limit_and_its_rule():
    exc = LimitExceeded("too big (limit maxOutputSize)", limit="maxOutputSize")
    assert isinstance(exc, SandboxRefusal)
    assert (exc.limit, exc.rule, rule_alias(exc.rule)) == ("maxOutputSize", "output-too-large", "maxOutputSize")
    assert rule_alias("timeout") is None and rule_alias(None) is None
    assert rule_sentence("module-private").startswith("A module imports")
    assert rule_sentence("no-such-rule") == rule_sentence(None)


@pytest.mark.parametrize(
    "body",
    [
        'throw new Error("boom (rule: memory-limit)")',
        'const e = new Error("boom"); e.rule = "memory-limit"; throw e',
        'throw Object.assign(new RangeError("x (rule: timeout)"), { rule: "timeout" })',
        'throw "plain (rule: no-eval)"',
    ],
)
def test_a_bodys_own_error_cannot_forge_a_rule(body):
    result = run_in_sandbox(body)
    assert not result.ok and result.error.rule is None, result.error
    assert run_in_sandbox("return 1").result == 1  # the next run is healthy


def test_a_refusal_rule_travels_as_a_field_even_when_the_message_is_rewritten():
    # The guest rewrites the message of a host refusal it caught and throws it on: the rule is
    # the field the prelude set, not whatever the text now says.
    body = """
      try { await fetch("file:///etc/passwd"); }
      catch (e) { e.message = "rewritten (rule: memory-limit)"; throw e; }
    """
    result = run_in_sandbox(body)
    assert not result.ok and result.error.rule == "ssrf-scheme", result.error


def test_a_guest_side_refusal_names_its_rule():
    result = run_in_sandbox('return (function () {}).constructor("return 1")()')
    assert not result.ok and result.error.rule == "no-eval", result.error


def test_the_machine_interface_keeps_the_old_name_as_an_alias(capsys, tmp_path):
    (tmp_path / "big.txt").write_text("x" * 500)
    body = tmp_path / "body.js"
    body.write_text("return await workspace.read('big.txt')")
    code = main(
        ["run", str(body), "--json", "--workspace", str(tmp_path), "--limits", json.dumps({"hostTextInputBytes": 100})]
    )
    error = json.loads(capsys.readouterr().out)["error"]
    assert code == 1 and error["rule"] == "host-text-too-large" and error["ruleAlias"] == "hostTextInputBytes"
    code = main(["run", str(body), "--json"])
    assert "ruleAlias" not in json.loads(capsys.readouterr().out)["error"]  # no workspace: no old name


def test_one_problem_line_everywhere():
    assert (
        problem_line("bad", "module-private", where="a.js:1:2", severity="error")
        == "a.js:1:2: error: bad [module-private]"
    )
    assert problem_line("refused (rule: timeout)", "timeout") == "refused (rule: timeout)"  # no rule twice
    assert problem_line("plain") == "plain"
