"""The run plan (core/codenode/plan.py): one place decides what a run needs, a prompter answers.

A test per question type, each answered by `FakePrompter` (a test's answers, and a record of what was
asked), run through the real runner and engine where the answer changes what the guest can do.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from core.codenode import (
    CodeNodeDocument,
    GrantDecision,
    GrantQuestion,
    LimitQuestion,
    NodeProps,
    OutputHandle,
    PackConsentQuestion,
    RunTrust,
    SecretStoreQuestion,
    plan_node_run,
    read_document,
    run_node,
    settle,
)
from core.codenode.grants import RULE_NOT_TRUSTED, DocumentKey, Grants, is_trusted
from core.codenode.plan import Question
from tests.http_server import RecordingServer
from tests.install_support import home, no_keyring

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home", "no_keyring"]

CSV, YAML = "@cordon/sandbox-csv", "@cordon/sandbox-yaml"


@dataclass
class FakePrompter:
    """Answers by question type; `asked` records every question in the order asked."""

    grant: GrantDecision = GrantDecision.CANCEL
    limit: GrantDecision = GrantDecision.CANCEL
    store: bool = False
    packs: Mapping[str, bool] = field(default_factory=dict)
    asked: list[Question] = field(default_factory=list)

    def grants(self, question: GrantQuestion) -> GrantDecision:
        self.asked.append(question)
        return self.grant

    def limits(self, question: LimitQuestion) -> GrantDecision:
        self.asked.append(question)
        return self.limit

    def secret_store(self, question: SecretStoreQuestion) -> bool:
        self.asked.append(question)
        return self.store

    def pack_consent(self, question: PackConsentQuestion) -> Mapping[str, bool]:
        self.asked.append(question)
        return self.packs


def arrived(folder: Path, body: str, **props: object) -> tuple[CodeNodeDocument, RunTrust]:
    """A document that came from somewhere else: its grants are its author's, not the person's."""
    path = folder / "arrived.node.json"
    path.write_text(json.dumps({"schemaVersion": 1, "body": body, "outputs": [{"name": "out"}], "props": props}))
    doc, data = read_document(path)
    return doc, RunTrust(str(path), DocumentKey.of(path, data))


def test_grant_question_carries_its_facts_and_run_without_leaves_the_document_unchanged(tmp_path):
    with RecordingServer() as server:
        body = f'const r = await fetch("{server.url("/json")}"); await output("out", r.json.n);'
        doc, trust = arrived(tmp_path, body, allow_local_network=True)
        plan = plan_node_run(doc, trust=trust)
        (question,) = plan.questions
        assert question == GrantQuestion(trust.document, Grants(local_network=True), remembered=True)

        without = settle(plan, FakePrompter(grant=GrantDecision.WITHOUT))
        assert without.refusal is None and without.stamped == doc  # the person's document is not edited
        assert not without.document.props.allow_local_network and without.denied == Grants(local_network=True)
        result = run_node(without.request())
        assert not result.ok and result.error.rule == "ssrf-private-address" and server.count == 0

        again = plan_node_run(doc, trust=RunTrust(trust.document, trust.key, denied=without.denied))
        assert again.questions == ()  # refused once: the next run of the open document does not ask

        cancelled = settle(plan, FakePrompter(grant=GrantDecision.CANCEL))
        assert cancelled.refusal is not None and cancelled.refusal.rule == RULE_NOT_TRUSTED
        assert "--allow-local-network" in cancelled.refusal.message

        trusted = settle(plan, FakePrompter(grant=GrantDecision.TRUST))
        assert trusted.trusted_now and is_trusted(trust.key)
        assert run_node(trusted.request()).outputs == {"out": 42} and server.count == 1
        assert plan_node_run(doc, trust=trust).questions == ()  # remembered


def test_limit_question_names_the_value_and_the_default_and_trust_answers_it_too(tmp_path):
    doc, trust = arrived(tmp_path, 'await output("out", 1);', timeout=0, secrets=["API_KEY"])
    plan = plan_node_run(doc, trust=trust)
    grant, limit = plan.questions
    assert isinstance(grant, GrantQuestion) and grant.grants == Grants(secrets=("API_KEY",))
    assert isinstance(limit, LimitQuestion)
    assert [(ask.name, ask.asked, ask.default) for ask in limit.limits] == [("timeout", 0, 30)]
    assert "no timeout" in " ".join(limit.grants.lines())

    fake = FakePrompter(grant=GrantDecision.ALLOW, limit=GrantDecision.WITHOUT)
    settled = settle(plan, fake)
    assert fake.asked == [grant, limit]
    assert settled.document.props.timeout == 30 and settled.document.props.secrets == ("API_KEY",)
    assert settled.stamped.props.timeout == 0  # the document keeps what it says

    fake = FakePrompter(grant=GrantDecision.TRUST)
    assert settle(plan, fake).document.props.timeout == 0 and fake.asked == [grant]  # trust is per document


def test_secret_store_question_when_nothing_can_keep_the_secrets_the_body_reads(no_keyring):
    doc = CodeNodeDocument(
        body='await output("out", await getSecret("API_KEY"));',
        outputs=(OutputHandle(name="out"),),
        props=NodeProps(secrets=("API_KEY",)),
    )
    mine = RunTrust("untitled", given=Grants.requested_by(doc))  # made in this window: the person's own grant
    plan = plan_node_run(doc, trust=mine)
    assert plan.questions == (SecretStoreQuestion(("API_KEY",), "missing"),)
    refused = settle(plan, FakePrompter(store=False))
    assert refused.refusal is not None and refused.refusal.rule == "keyring-unavailable"
    assert "cordon secrets setup" in refused.refusal.message
    assert settle(plan, FakePrompter(store=True)).refusal is None
    # A body that never reads a secret does not need a store, whatever the document allows.
    quiet = doc.model_copy(update={"body": 'await output("out", 1);'})
    assert plan_node_run(quiet, trust=mine).questions == ()


def test_pack_consent_question_lists_every_pack_and_keeps_what_was_allowed(tmp_path):
    body = f'import {{ parse }} from "{CSV}";\nimport yaml from "{YAML}";\nawait output("out", 1);'
    doc = CodeNodeDocument(body=body, outputs=(OutputHandle(name="out"),))
    plan = plan_node_run(doc, trust=RunTrust("untitled"))
    (question,) = plan.questions
    assert isinstance(question, PackConsentQuestion)
    assert [(ask.pack.name, ask.specifiers) for ask in question.packs] == [(CSV, (CSV,)), (YAML, (YAML,))]
    assert all(ask.pack.version for ask in question.packs)  # the facts the consent dialog shows

    settled = settle(plan, FakePrompter(packs={CSV: True, YAML: False}))
    assert settled.refusal is not None and settled.refusal.rule == RULE_NOT_TRUSTED
    assert settled.refused == Grants(packages=(YAML,)) and f"--allow-package {YAML}" in settled.refusal.message
    assert [p.specifier for p in settled.stamped.packages] == [CSV]  # allowing one is kept though another was not

    next_plan = plan_node_run(settled.stamped, trust=RunTrust("untitled", given=Grants.requested_by(settled.stamped)))
    (again,) = next_plan.questions
    assert [ask.pack.name for ask in again.packs] == [YAML]  # only the refused one is asked again
    both = settle(next_plan, FakePrompter(packs={YAML: True}))
    assert both.refusal is None and run_node(both.request()).ok


def test_refused_inputs_ask_nothing_and_a_body_without_imports_builds_no_catalog():
    doc = CodeNodeDocument(body='await output("out", 1);', outputs=(OutputHandle(name="out"),))

    def no_catalog():
        raise AssertionError("a body that imports no pack must not build or wait for a catalog")

    fake = FakePrompter()
    plan = plan_node_run(doc, {"nope": 1}, catalog=no_catalog, trust=RunTrust("untitled"))
    settled = settle(plan, fake)
    assert settled.refusal is not None and settled.refusal.rule == "undeclared-input" and fake.asked == []
    clean = plan_node_run(doc, catalog=no_catalog, trust=RunTrust("untitled"))
    assert clean.questions == () and run_node(settle(clean, fake).request()).outputs == {"out": 1}


def test_the_command_lines_prompter_denies_without_a_terminal_and_asks_on_one(tmp_path):
    """`cordon node run`'s answers (core/cli/flag_prompter.py): the flags were given up front, so what reaches
    the prompter is denied without a terminal (a script never waits) and asked, default no, on one."""
    from core.cli.flag_prompter import FlagPrompter

    body = f'import {{ parse }} from "{CSV}";\nawait output("out", (await parse("a,b\\n1,2", {{ header: false }})).length);'
    doc, trust = arrived(tmp_path, body, allow_local_network=True)
    plan = plan_node_run(doc, trust=trust)
    assert [type(q) for q in plan.questions] == [GrantQuestion, PackConsentQuestion]
    denied = settle(plan, FlagPrompter(interactive=False))
    assert denied.refusal is not None and "--allow-local-network" in denied.refusal.message
    prompts: list[str] = []
    yes = settle(plan, FlagPrompter(interactive=True, ask=lambda prompt: prompts.append(prompt) or True))
    assert yes.refusal is None and len(prompts) == 2 and run_node(yes.request()).outputs == {"out": 2}
    # A trusted document's undeclared import is still the flags' to allow.
    trusted = settle(plan, FakePrompter(grant=GrantDecision.TRUST, packs={CSV: False}))
    assert trusted.refusal is not None and trusted.refused.packages == (CSV,)
    flagged = RunTrust(trust.document, trust.key, given=Grants(packages=(CSV,)))
    assert plan_node_run(doc, trust=flagged).questions == ()
