"""The subset of npm's semver that installing needs: versions, ranges and dist-tags.

No npm process ever runs, so picking "the highest version satisfying a
range" is ours to do. Supported: exact versions (`1.2.3`, `=1.2.3`, `v1.2.3`),
comparators (`>`, `>=`, `<`, `<=`), caret and tilde ranges, x-ranges (`1.x`,
`1.2.*`, `*`, empty), hyphen ranges (`1.2 - 2.3.4`), intersections (spaces)
and unions (`||`). A prerelease only satisfies a range that names a prerelease
of the same `major.minor.patch` (npm's rule), so `^1.0.0` never silently
picks `2.0.0-rc.1`. Anything else is refused rather than guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import total_ordering

_VERSION = re.compile(
    r"^\s*v?=?\s*(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?\s*$"
)
_PARTIAL = re.compile(
    r"^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?"
    r"(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?$"
)
_COMPARATOR = re.compile(r"^(<=|>=|<|>|=|\^|~>?|)\s*(.*)$")
_TAG = re.compile(r"^[A-Za-z][A-Za-z0-9._-]{0,63}$")


class RangeError(ValueError):
    """A range or version string this subset does not understand."""


@total_ordering
@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple[int | str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Version:
        m = _VERSION.match(text)
        if not m:
            raise RangeError(f"not a semantic version: {text!r}")
        pre = tuple(int(p) if p.isdigit() else p for p in m.group(4).split(".")) if m.group(4) else ()
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3)), pre)

    @property
    def core(self) -> tuple[int, int, int]:
        return (self.major, self.minor, self.patch)

    def _key(self) -> tuple:
        # A release sorts after its prereleases; numeric identifiers sort before alphanumeric ones.
        pre = tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in self.prerelease)
        return (self.core, 1 if not self.prerelease else 0, pre)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        pre = "-" + ".".join(str(p) for p in self.prerelease) if self.prerelease else ""
        return f"{self.major}.{self.minor}.{self.patch}{pre}"


@dataclass(frozen=True)
class _Comparator:
    op: str  # one of < <= > >= =
    version: Version

    def test(self, v: Version) -> bool:
        if self.op == "=":
            return v == self.version
        if self.op == "<":
            return v < self.version
        if self.op == "<=":
            return v <= self.version
        if self.op == ">":
            return v > self.version
        return v >= self.version


_ANY = (_Comparator(">=", Version(0, 0, 0)),)


def _partial(text: str) -> tuple[int | None, int | None, int | None, tuple[int | str, ...]]:
    m = _PARTIAL.match(text)
    if not m:
        raise RangeError(f"not a version or range: {text!r}")
    parts: list[int | None] = []
    for group in m.groups()[:3]:
        parts.append(None if group is None or group in "xX*" else int(group))
    # Once a part is a wildcard, everything after it is too ("1.x.3" means "1.x").
    for i in range(1, 3):
        if parts[i - 1] is None:
            parts[i] = None
    pre = tuple(int(p) if p.isdigit() else p for p in m.group(4).split(".")) if m.group(4) else ()
    return parts[0], parts[1], parts[2], pre


def _expand(op: str, text: str) -> tuple[_Comparator, ...]:
    """One comparator token (`^1.2`, `>=1`, `1.x`, `~1.2.3`) as plain comparators."""
    if text in ("", "*", "x", "X") and op in ("", "="):
        return _ANY
    major, minor, patch, pre = _partial(text)
    if major is None:
        return () if op in ("<", ">") else _ANY  # "<*" and ">*" match nothing
    lo = Version(major, minor or 0, patch or 0, pre)
    if op == "^":
        if minor is None or major > 0:
            hi = Version(major + 1, 0, 0, (0,))
        elif patch is None or minor > 0:
            hi = Version(0, minor + 1, 0, (0,))
        else:
            hi = Version(0, 0, patch + 1, (0,))
        return (_Comparator(">=", lo), _Comparator("<", hi))
    if op in ("~", "~>"):
        hi = Version(major + 1, 0, 0, (0,)) if minor is None else Version(major, minor + 1, 0, (0,))
        return (_Comparator(">=", lo), _Comparator("<", hi))
    if op in ("", "="):
        if minor is None:
            return (_Comparator(">=", lo), _Comparator("<", Version(major + 1, 0, 0, (0,))))
        if patch is None:
            return (_Comparator(">=", lo), _Comparator("<", Version(major, minor + 1, 0, (0,))))
        return (_Comparator("=", lo),)
    # Plain comparators over a partial version: round to the right edge of the x-range.
    if minor is None or patch is None:
        upper = Version(major + 1, 0, 0, (0,)) if minor is None else Version(major, minor + 1, 0, (0,))
        if op == ">":
            return (_Comparator(">=", upper),)
        if op == "<=":
            return (_Comparator("<", upper),)
        return (_Comparator(op, lo),)  # ">=1.2" is ">=1.2.0", "<1.2" is "<1.2.0"
    return (_Comparator(op, lo),)


def _hyphen(low: str, high: str) -> tuple[_Comparator, ...]:
    lo = _expand(">=", low)
    major, minor, patch, pre = _partial(high)
    if major is None:
        return lo
    if minor is None:
        return (*lo, _Comparator("<", Version(major + 1, 0, 0, (0,))))
    if patch is None:
        return (*lo, _Comparator("<", Version(major, minor + 1, 0, (0,))))
    return (*lo, _Comparator("<=", Version(major, minor, patch, pre)))


@dataclass(frozen=True)
class Range:
    """A parsed npm range: a union of intersections of comparators."""

    text: str
    sets: tuple[tuple[_Comparator, ...], ...]

    @classmethod
    def parse(cls, text: str) -> Range:
        sets = []
        for alternative in text.split("||"):
            alternative = alternative.strip()
            hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", alternative)
            if hyphen:
                sets.append(_hyphen(hyphen.group(1), hyphen.group(2)))
                continue
            # "> = 1.2" style spacing: glue operators to their version first.
            glued = re.sub(r"(<=|>=|<|>|=|\^|~>?)\s+", r"\1", alternative)
            comparators: list[_Comparator] = []
            for token in glued.split() or [""]:
                m = _COMPARATOR.match(token)
                assert m is not None  # the pattern matches every string
                comparators.extend(_expand(m.group(1), m.group(2)))
            sets.append(tuple(comparators))
        return cls(text, tuple(sets))

    def satisfied_by(self, v: Version) -> bool:
        for comparators in self.sets:
            if comparators and all(c.test(v) for c in comparators):
                if not v.prerelease:
                    return True
                # npm: a prerelease matches only via a comparator naming a prerelease of the same tuple.
                if any(c.version.prerelease and c.version.core == v.core for c in comparators):
                    return True
        return False


def is_range(text: str) -> bool:
    try:
        Range.parse(text)
    except RangeError:
        return False
    return True


def max_satisfying(
    versions: Iterable[str],
    spec: str,
    dist_tags: Mapping[str, str] | None = None,
    deprecated: Collection[str] = (),
) -> str | None:
    """The version npm would pick from `versions` for `spec` (a range, a version or a dist-tag), or None.

    npm-pick-manifest's rules (engines aside: Cordon runs no Node, so every version's
    `engines` passes):
    - a dist-tag (`latest`, `next`) selects exactly the version it names;
    - otherwise the `latest` dist-tag wins when it satisfies the range (an empty spec or
      `*` accepts it as is, even a prerelease) and is not `deprecated`;
    - else the highest satisfying version, not-deprecated ones first (a deprecated version
      is picked only when nothing else satisfies).
    """
    spec = spec.strip()
    tags = dict(dist_tags or {})
    available = set(versions)
    if spec in tags and _TAG.match(spec) and not is_range(spec):
        return tags[spec] if tags[spec] in available else None
    rng = Range.parse(spec or "*")
    latest = tags.get("latest")
    if latest in available and latest not in deprecated:
        if spec in ("", "*"):
            return latest
        parsed = _parse_or_none(latest)
        if parsed is not None and rng.satisfied_by(parsed):
            return latest
    best: tuple[bool, Version] | None = None
    best_text: str | None = None
    for text in available:
        v = _parse_or_none(text)  # registries carry the odd malformed legacy version: never pick one
        if v is None or not rng.satisfied_by(v):
            continue
        key = (text not in deprecated, v)
        if best is None or key > best:
            best, best_text = key, text
    return best_text


def _parse_or_none(text: str | None) -> Version | None:
    try:
        return Version.parse(text or "")
    except RangeError:
        return None
