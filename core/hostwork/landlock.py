"""Landlock, the Linux security module an unprivileged process uses to fence itself in, by ctypes.

Three system calls (the same numbers on every architecture: they came after the syscall tables
were unified): make a ruleset that names which kinds of access it governs, add a rule per folder
or file saying which of those kinds are allowed beneath it, then restrict the calling thread
(and every process it later starts) to the ruleset. Access a ruleset governs and no rule allows
is refused with EACCES, whatever the file's permissions say.

Why no library: the PyPI bindings found were a development release, and none covered the
network rules (ABI 4) and scopes (ABI 6) used here. The kernel ABI is small and stable, and
`tests/test_hostwork_confinement.py` checks each right on the running kernel.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable
from dataclasses import dataclass

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

# Filesystem rights, with the ABI that introduced each.
EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2
TRUNCATE = 1 << 14  # ABI 3
IOCTL_DEV = 1 << 15  # ABI 5
#: Network rights (ABI 4): TCP bind and connect.
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
#: Scopes (ABI 6): no connecting to abstract unix sockets, no signals to processes outside the domain.
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1

#: The rights a rule on a file (not a folder) may carry.
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
READ = READ_FILE | READ_DIR
#: Everything a private scratch folder needs: files and folders made, written, removed.
SCRATCH = READ | WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_DIR | MAKE_REG | TRUNCATE

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


def abi() -> int:
    """The Landlock ABI version the kernel offers; 0 when it has none (or it is disabled)."""
    version = _libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(0, int(version))


#: The filesystem rights of ABI 1.
_ABI1_RIGHTS = (
    EXECUTE | WRITE_FILE | READ_FILE | READ_DIR | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG
) | (MAKE_SOCK | MAKE_FIFO | MAKE_BLOCK | MAKE_SYM)


def _fs_rights(version: int) -> int:
    rights = _ABI1_RIGHTS
    if version >= 2:
        rights |= REFER
    if version >= 3:
        rights |= TRUNCATE
    if version >= 5:
        rights |= IOCTL_DEV
    return rights


@dataclass(frozen=True)
class Rule:
    """`rights` beneath `path` (a folder), or on it (a file: only `FILE_RIGHTS` count)."""

    path: str
    rights: int


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock {what}: {os.strerror(err)}")
    return result


def restrict(rules: Iterable[Rule], version: int) -> None:
    """Fence this process in: only what `rules` allow, no TCP, no signals or abstract sockets out.

    Needs `PR_SET_NO_NEW_PRIVS` set first (the kernel refuses otherwise). A path that does not
    exist is skipped: the allow-list names every place a library might read, on any distribution.
    """
    handled = _fs_rights(version)
    attr = _RulesetAttr(handled, NET_BIND_TCP | NET_CONNECT_TCP if version >= 4 else 0, 0)
    if version >= 6:
        attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
    size = ctypes.sizeof(_RulesetAttr) if version >= 6 else 16 if version >= 4 else 8
    ruleset = _check(_libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0), "create_ruleset")
    try:
        for rule in rules:
            try:
                fd = os.open(rule.path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                rights = rule.rights & handled
                if not os.path.isdir(rule.path):
                    rights &= FILE_RIGHTS
                beneath = _PathBeneath(rights, fd)
                _check(
                    _libc.syscall(_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(beneath), 0),
                    f"add_rule {rule.path}",
                )
            finally:
                os.close(fd)
        _check(_libc.syscall(_RESTRICT_SELF, ruleset, 0), "restrict_self")
    finally:
        os.close(ruleset)
