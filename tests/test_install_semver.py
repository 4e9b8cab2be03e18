"""The npm semver subset the installer uses to pick a version."""

from __future__ import annotations

import pytest

from core.packs.install.semver import Range, RangeError, Version, max_satisfying

VERSIONS = [
    "0.0.3",
    "0.0.4",
    "0.2.3",
    "0.2.9",
    "0.3.0",
    "1.0.0",
    "1.2.3",
    "1.2.9",
    "1.3.0",
    "1.9.9",
    "2.0.0-rc.1",
    "2.0.0",
    "2.1.0",
    "3.0.0-alpha",
]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("1.2.3", "1.2.3"),
        ("=1.2.3", "1.2.3"),
        ("v1.2.3", "1.2.3"),
        ("^1.2.3", "1.9.9"),
        ("^0.2.3", "0.2.9"),
        ("^0.0.3", "0.0.3"),
        ("^0.0", "0.0.4"),
        ("^0.x", "0.3.0"),
        ("~1.2.3", "1.2.9"),
        ("~1.2", "1.2.9"),
        ("~1", "1.9.9"),
        ("~0.2.3", "0.2.9"),
        (">=1.2.3", "2.1.0"),
        (">1.2.9 <1.9.9", "1.3.0"),
        ("<=1.2", "1.2.9"),
        (">1", "2.1.0"),
        ("<1", "0.3.0"),
        ("1.x", "1.9.9"),
        ("1.2.*", "1.2.9"),
        ("*", "2.1.0"),
        ("", "2.1.0"),
        ("x", "2.1.0"),
        ("1.2 - 1.3", "1.3.0"),
        ("1.2.3 - 2", "2.1.0"),
        ("0.0.3 - 0.2.9", "0.2.9"),
        ("^3 || ~1.2.0", "1.2.9"),
        (">= 1.0.0 < 1.3", "1.2.9"),
        ("^2.0.0-rc.0", "2.1.0"),
        (">=2.0.0-rc.0 <2.0.0", "2.0.0-rc.1"),
        ("^3.0.0-alpha", "3.0.0-alpha"),
        ("^4", None),
        ("<0.0.1", None),
    ],
)
def test_max_satisfying(spec, expected):
    assert max_satisfying(VERSIONS, spec) == expected


def test_prereleases_only_match_ranges_that_name_them():
    assert not Range.parse("^2.0.0").satisfied_by(Version.parse("2.1.0-beta"))
    assert not Range.parse("*").satisfied_by(Version.parse("3.0.0-alpha"))
    assert (
        Version.parse("1.0.0-alpha")
        < Version.parse("1.0.0-alpha.1")
        < Version.parse("1.0.0-beta")
        < Version.parse("1.0.0-beta.2")
        < Version.parse("1.0.0-beta.11")
        < Version.parse("1.0.0")
    )


def test_dist_tags():
    tags = {"latest": "1.9.9", "next": "2.0.0-rc.1"}
    assert max_satisfying(VERSIONS, "latest", tags) == "1.9.9"
    assert max_satisfying(VERSIONS, "", tags) == "1.9.9"
    assert max_satisfying(VERSIONS, "next", tags) == "2.0.0-rc.1"
    with pytest.raises(RangeError):
        max_satisfying(VERSIONS, "beta", tags)  # an unknown tag is neither a tag nor a range


@pytest.mark.parametrize("bad", ["banana", "1.2.3.4", ">=>1", "^", "1.2.3 - "])
def test_nonsense_is_refused(bad):
    with pytest.raises(RangeError):
        max_satisfying(VERSIONS, bad)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("", "1.2.9"),  # npm-pick-manifest: `latest` when it satisfies, not the highest
        ("*", "1.2.9"),
        ("^1.0.0", "1.2.9"),
        ("1.x", "1.2.9"),
        (">=0.3.0", "1.2.9"),
        ("~1.2", "1.2.9"),
        ("^2", "2.1.0"),  # latest does not satisfy: the highest that does
        ("~1.3", "1.3.0"),
        ("<1.2.9", "1.2.3"),
        ("1.9.9", "1.9.9"),
        ("latest", "1.2.9"),
        ("next", "2.0.0-rc.1"),
    ],
)
def test_the_latest_dist_tag_wins_when_it_satisfies_the_range(spec, expected):
    tags = {"latest": "1.2.9", "next": "2.0.0-rc.1"}
    assert max_satisfying(VERSIONS, spec, tags) == expected


def test_a_deprecated_latest_is_passed_over_and_deprecated_versions_come_last():
    tags = {"latest": "1.2.9"}
    assert max_satisfying(VERSIONS, "^1", tags, deprecated={"1.2.9"}) == "1.9.9"
    assert max_satisfying(VERSIONS, "^1", tags, deprecated={"1.2.9", "1.9.9"}) == "1.3.0"
    assert max_satisfying(VERSIONS, "~1.2.9", tags, deprecated={"1.2.9"}) == "1.2.9"  # nothing else satisfies
    assert max_satisfying(VERSIONS, "latest", tags, deprecated={"1.2.9"}) == "1.2.9"  # a tag is exact


def test_a_prerelease_latest_is_what_an_unranged_install_gets_as_npm_does():
    tags = {"latest": "3.0.0-alpha"}
    assert max_satisfying(VERSIONS, "", tags) == "3.0.0-alpha"
    assert max_satisfying(VERSIONS, "^2", tags) == "2.1.0"
