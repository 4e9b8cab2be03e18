"""Secrets: the keyring-backed store, the scoped bridge, and requestSecret.

Every test runs against a real keyring backend isolated to the test (an
in-memory `KeyringBackend` installed with `keyring.set_keyring`), never the
user's keyring.
"""

from __future__ import annotations

import threading
import time

import keyring
import keyring.errors
import pytest
from keyring.backends import fail

from core import HostServices, RunServices, run_in_sandbox
from core import secrets_store as store
from core.bridges.secrets import MAX_REQUESTS_PER_RUN
from core.paths import data_dir
from tests.conftest import ok, refused
from tests.memkeyring import MemoryKeyring


@pytest.fixture
def no_keyring():
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        yield
    finally:
        keyring.set_keyring(previous)


class Prompter:
    """A stand-in for the GUI dialog: 'the person' types `answers[name]` (None: declines)."""

    def __init__(self, answers: dict[str, str | None], wait_s: float = 0.0) -> None:
        self.answers = answers
        self.wait_s = wait_s
        self.asked: list[tuple[str, str]] = []
        self.threads: set[str] = set()

    def request_secret(self, name: str, reason: str) -> bool:
        self.asked.append((name, reason))
        self.threads.add(threading.current_thread().name)
        time.sleep(self.wait_s)
        value = self.answers.get(name)
        if value is None:
            return False
        store.set_secret(name, value)
        return True


def run_s(code: str, scope=None, prompter=None, **limits):
    if scope is not None:
        limits["secretScope"] = list(scope)
    return run_in_sandbox(code, limits=limits or None, services=RunServices(host=HostServices(prompter=prompter)))


# -- the store ---------------------------------------------------------------------------


def test_store_round_trip_keeps_values_out_of_the_index(memory_keyring):
    store.set_secret("API_KEY", "sk-live-123")
    store.set_secret("other.token", "tok-456")
    assert store.get_secret("API_KEY") == "sk-live-123"
    assert memory_keyring.store[("cordon", "API_KEY")] == "sk-live-123"
    assert store.list_names() == ["API_KEY", "other.token"]
    index = (data_dir() / store.INDEX_NAME).read_text()
    assert "API_KEY" in index and "sk-live-123" not in index and "tok-456" not in index
    store.delete_secret("API_KEY")
    store.delete_secret("API_KEY")  # deleting an unset secret is fine
    assert store.get_secret("API_KEY") is None
    assert store.list_names() == ["other.token"]


def test_store_listing_drops_names_removed_elsewhere_and_survives_a_damaged_index(memory_keyring):
    store.set_secret("A", "1")
    store.set_secret("B", "2")
    del memory_keyring.store[("cordon", "A")]
    assert store.list_names() == ["B"]
    assert store.list_names(within=("A", "C")) == []
    (data_dir() / store.INDEX_NAME).write_text("{not json")
    assert store.list_names() == []
    assert store.get_secret("B") == "2"  # the values are in the keyring, not the index


@pytest.mark.parametrize("name", ["", "a b", "../x", "x" * 129, "n\x00", 7])
def test_store_refuses_bad_names(memory_keyring, name):
    with pytest.raises(store.SecretNameError):
        store.set_secret(name, "v")
    with pytest.raises(store.SecretNameError):
        store.get_secret(name)


def test_store_refuses_empty_values(memory_keyring):
    with pytest.raises(store.SecretNameError) as info:
        store.set_secret("A", "")
    assert info.value.rule == "secret-value"


# -- reading in a run, and the scope -----------------------------------------------------


def test_unscoped_run_reads_any_set_secret(memory_keyring):
    store.set_secret("API_KEY", "v1")
    code = """return [await getSecret("API_KEY"), await nodetool.secrets.get("API_KEY"),
                      await nodetool.secrets.tryGet("API_KEY"), await getSecret("UNSET"),
                      await nodetool.secrets.tryGet("UNSET")]"""
    assert ok(run_s(code)) == ["v1", "v1", "v1", None, None]


def test_get_throws_when_unset(memory_keyring):
    message = refused(run_s('return await nodetool.secrets.get("UNSET")'), "secret-unset")
    assert "'UNSET'" in message and "requestSecret" in message


def test_scope_allows_listed_names_and_denies_others_on_every_path(memory_keyring):
    store.set_secret("ALLOWED", "yes")
    store.set_secret("OTHER", "no-way")
    assert ok(run_s('return await getSecret("ALLOWED")', scope=["ALLOWED"])) == "yes"
    for call in ('getSecret("OTHER")', 'nodetool.secrets.get("OTHER")', 'nodetool.secrets.tryGet("OTHER")'):
        result = run_s(f"return await {call}", scope=["ALLOWED"])
        message = refused(result, "secret-out-of-scope")
        assert "'OTHER'" in message and "ALLOWED" in message and "no-way" not in repr(result)


def test_empty_scope_denies_everything(memory_keyring):
    store.set_secret("ANY", "v")
    refused(run_s('return await getSecret("ANY")', scope=[]), "secret-out-of-scope")
    refused(run_s('return await nodetool.secrets.tryGet("UNSET")', scope=[]), "secret-out-of-scope")
    assert ok(run_s("return await nodetool.secrets.list()", scope=[])) == []


def test_list_shows_only_set_names_in_scope(memory_keyring):
    for name in ("A", "B", "C"):
        store.set_secret(name, name.lower())
    assert ok(run_s("return await nodetool.secrets.list()")) == ["A", "B", "C"]
    assert ok(run_s("return await nodetool.secrets.list()", scope=["A", "C", "UNSET"])) == ["A", "C"]


def test_guest_cannot_write_or_swap_the_bridge(memory_keyring):
    store.set_secret("A", "a")
    code = """
      const s = nodetool.secrets;
      try { s.get = async () => "forged"; } catch (e) {}
      try { nodetool.secrets = {}; } catch (e) {}
      return [Object.keys(s).sort(), Object.isFrozen(s), nodetool.secrets === s, typeof s.set,
              await nodetool.secrets.get("A")];
    """
    assert ok(run_s(code)) == [["get", "list", "tryGet"], True, True, "undefined", "a"]


def test_bad_names_are_refused_in_a_run(memory_keyring):
    refused(run_s('return await getSecret("../../etc")'), "secret-name")
    refused(run_s("return await getSecret(42)"), "secret-name")


# -- requestSecret -----------------------------------------------------------------------


def test_request_secret_gives_the_guest_true_never_the_value(memory_keyring):
    prompter = Prompter({"API_KEY": "typed-by-a-person"})
    code = """
      const answer = await requestSecret("API_KEY", "to call the weather service");
      console.log(answer);
      return answer;
    """
    result = run_s(code, scope=["API_KEY"], prompter=prompter)
    assert ok(result) is True
    assert "typed-by-a-person" not in repr(result)
    assert prompter.asked == [("API_KEY", "to call the weather service")]
    assert all(name != "MainThread" for name in prompter.threads)  # the wait ran off the run's thread
    # A later run whose scope grants the name reads what the person stored.
    assert ok(run_s('return await getSecret("API_KEY")', scope=["API_KEY"])) == "typed-by-a-person"


def test_a_person_typing_is_not_charged_to_the_timeout(memory_keyring):
    prompter = Prompter({"SLOW": "v"}, wait_s=1.5)
    result = run_s('return await requestSecret("SLOW", "needed")', prompter=prompter, timeoutMs=1000)
    assert ok(result) is True


def test_declined_requests_resolve_false_and_are_not_asked_again(memory_keyring):
    prompter = Prompter({})
    code = 'return [await requestSecret("NOPE", "why"), await requestSecret("NOPE", "again")]'
    assert ok(run_s(code, prompter=prompter)) == [False, False]
    assert prompter.asked == [("NOPE", "why")]


def test_requests_per_run_are_capped(memory_keyring):
    prompter = Prompter({})
    code = f"""
      const out = [];
      for (let i = 0; i <= {MAX_REQUESTS_PER_RUN}; i++) out.push(await requestSecret("K" + i, "why"));
      return out;
    """
    refused(run_s(code, prompter=prompter), "request-secret-quota")
    assert len(prompter.asked) == MAX_REQUESTS_PER_RUN


def test_concurrent_requests_ask_one_at_a_time(memory_keyring):
    prompter = Prompter({"A": "1", "B": "2"}, wait_s=0.05)
    active, most = [0], [0]
    inner = prompter.request_secret

    def counting(name: str, reason: str) -> bool:
        active[0] += 1
        most[0] = max(most[0], active[0])
        try:
            return inner(name, reason)
        finally:
            active[0] -= 1

    prompter.request_secret = counting
    code = 'return await Promise.all([requestSecret("A", "a"), requestSecret("B", "b")])'
    assert ok(run_s(code, prompter=prompter)) == [True, True]
    assert most[0] == 1


def test_request_outside_the_scope_is_refused_without_asking(memory_keyring):
    prompter = Prompter({"OTHER": "v"})
    refused(
        run_s('return await requestSecret("OTHER", "why")', scope=["MINE"], prompter=prompter), "secret-out-of-scope"
    )
    assert prompter.asked == []


def test_request_needs_a_reason(memory_keyring):
    prompter = Prompter({"A": "v"})
    refused(run_s('return await requestSecret("A")', prompter=prompter), "bad-argument")
    refused(run_s('return await requestSecret("A", "x".repeat(501))', prompter=prompter), "bad-argument")
    assert prompter.asked == []


def test_headless_run_refuses_request_by_name(memory_keyring):
    message = refused(run_s('return await requestSecret("API_KEY", "why")'), "request-secret-headless")
    assert "'API_KEY'" in message and "no interactive client" in message
    assert store.get_secret("API_KEY") is None
    assert ok(run_s("return 1")) == 1  # the host is fine afterwards


# -- no usable keyring -------------------------------------------------------------------


def test_missing_backend_says_how_to_configure_one(no_keyring):
    prompter = Prompter({"A": "v"})
    for code in (
        'return await getSecret("A")',
        "return await nodetool.secrets.list()",
        'return await requestSecret("A", "why")',
    ):
        message = refused(run_s(code, prompter=prompter), "keyring-unavailable")
        assert "PYTHON_KEYRING_BACKEND" in message and "Secret Service" in message
        assert "keyrings.alt package if you want" not in message  # keyring's own advice is not repeated
    assert prompter.asked == []
    with pytest.raises(store.KeyringUnavailable):
        store.set_secret("A", "v")


class PlaintextLookalike(MemoryKeyring):
    """A backend from keyrings.alt (which can store secrets base64 in a plain file)."""


PlaintextLookalike.__module__ = "keyrings.alt.file"


class LockedKeyring(MemoryKeyring):
    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("the collection is locked")


@pytest.mark.parametrize("backend", [PlaintextLookalike, LockedKeyring])
def test_unsafe_or_failing_backends_are_refused(backend):
    previous = keyring.get_keyring()
    keyring.set_keyring(backend())
    try:
        refused(run_s('return await getSecret("A")'), "keyring-unavailable")
    finally:
        keyring.set_keyring(previous)
