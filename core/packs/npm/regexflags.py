"""A regular expression literal's `v` flag (unicodeSets) written as `u` where both mean the same.

The guest's QuickJS-ng parses `v` patterns more strictly than the
specification: a literal `-` outside a character class (`/^(-?\\d*):/v`) is
refused with "invalid character in class", so jsonpath-plus 11, whose browser
build writes every pattern with `v`, failed to load at all. A `v` pattern that
uses none of what `v` adds (class set operations `--` and `&&`, nested
classes, `\\q{...}` strings, escapes of the punctuators `v` reserves) is a
valid `u` pattern matching the same strings: `v` only forbids more inside
classes, and the one difference in matching, case-insensitive complements
(`[^...]`, `\\P{...}` under `i`), is left alone. Only the literal's flags
change (`re.flags` then says `u`, `re.unicodeSets` is false); a pattern that
needs `v` keeps it.
"""

from __future__ import annotations

#: Punctuators `v` lets a pattern escape that `u` does not (an identity escape of one is a `u` syntax error).
_V_ONLY_ESCAPES = frozenset("&!#%,:;<=>@`~")


def as_unicode(pattern: str, flags: str) -> str | None:
    """The flags to write instead of `flags` (`v` -> `u`), or None to keep them."""
    if "v" not in flags or not _means_the_same(pattern, case_insensitive="i" in flags):
        return None
    return flags.replace("v", "u")


def _means_the_same(pattern: str, *, case_insensitive: bool) -> bool:
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if escaped == "q" or escaped in _V_ONLY_ESCAPES or (escaped == "P" and case_insensitive):
                return False
            index += 2
            continue
        if in_class:
            pair = pattern[index : index + 2]
            if char == "[" or pair in ("--", "&&"):
                return False
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            if case_insensitive and pattern[index + 1 : index + 2] == "^":
                return False
        index += 1
    return True
