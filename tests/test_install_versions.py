"""`package_versions`: what the pack manager's "Find versions" lists, asked of a real registry on 127.0.0.1."""

from __future__ import annotations

import pytest

from core import CordonError
from core.packs.install import VERSIONS_SHOWN, newest_versions, package_versions
from tests import install_support

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def test_versions_come_newest_first_with_the_latest_tag(registry):
    registry.publish_fixture("packs/scripted-pack", tag=None)
    registry.publish_fixture("packs/scripted-pack", overrides={"version": "1.1.0"})
    registry.publish_fixture("packs/scripted-pack", overrides={"version": "2.0.0-beta.1"}, tag=None)
    found = package_versions("scripted-pack", registry=registry.url)
    assert found.versions == ("2.0.0-beta.1", "1.1.0", "1.0.0") and found.latest == "1.1.0"


@pytest.mark.parametrize(("name", "rule"), [("../etc", "package-name-invalid"), ("no-such-pack", "package-not-found")])
def test_a_bad_or_unknown_name_is_refused_by_rule(registry, name, rule):
    with pytest.raises(CordonError) as refused:
        package_versions(name, registry=registry.url)
    assert refused.value.rule == rule


def test_registry_versions_are_checked_and_bounded():
    assert newest_versions(["1.0.0", "not-a-version", "10.0.0", "2.0.0-rc.1", "2.0.0", "<b>x</b>"]) == [
        "10.0.0",
        "2.0.0",
        "2.0.0-rc.1",
        "1.0.0",
    ]
    flood = [f"0.0.{i}" for i in range(5000)]
    assert newest_versions(flood)[:2] == ["0.0.4999", "0.0.4998"] and len(newest_versions(flood)) == VERSIONS_SHOWN
