"""What a host worker may touch, and the layers that hold it to that (Linux).

A host worker runs Cordon's parsers and media codecs on bytes a run controls, so it is treated
as compromised the moment it starts parsing. Before any of that code runs, `confine()` applies,
in this order, each layer the kernel offers:

1. its own session and process group (the host kills the group; no terminal signals reach it);
2. new user and network namespaces: no network interface but a down loopback, and none of the
   user's capabilities outside the namespace (as root, no more DAC override of host files);
3. `PR_SET_NO_NEW_PRIVS`: nothing it executes gains privileges (setuid, file capabilities);
4. rlimits: address space (the run's host memory plus what the libraries already mapped), CPU
   seconds, file size, open files, processes, no core dumps;
5. Landlock (`core/hostwork/landlock.py`): read-only the Python environment, Cordon's program
   files, system libraries, fonts and the packs' data (`allowed_paths`); read and write only its
   private scratch folder; execute only the helper binaries a pack names (`HELPERS`); no TCP
   bind or connect; no signals or abstract unix sockets outside itself;
6. a seccomp filter (libseccomp, through pyseccomp): no new sockets at all, no ptrace, mount,
   keyctl, bpf, process_vm_*, kernel modules, namespaces, io_uring, perf or userfaultfd.

`Layers` records which held; a layer the kernel lacks is reported, never silently dropped:
the host turns each missing one into a run warning, and `cordon doctor` lists them.
"""

from __future__ import annotations

import ctypes
import errno
import os
import resource
import shutil
import sys
import sysconfig
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from core.hostwork import landlock

_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000
#: CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME.
_NAMESPACE_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000, 0x00000080)

#: Helper programs a pack runs (its name, found on PATH): the only files a worker may execute.
HELPERS = ("tesseract",)
#: Folders and files of the system a library reads at run time (fonts, shared libraries, time zones,
#: OCR data, CPU facts). Missing ones are skipped.
SYSTEM_READ = (
    "/usr/lib",
    "/usr/lib64",
    "/lib",
    "/lib64",
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "/usr/share/fontconfig",
    "/etc/fonts",
    "/var/cache/fontconfig",
    "/usr/share/zoneinfo",
    "/usr/share/tesseract-ocr",
    "/usr/share/locale",
    "/etc/ld.so.cache",
    "/etc/localtime",
    "/proc/cpuinfo",
    "/sys/devices/system/cpu",
)
#: System calls a worker never needs, refused with EPERM (sockets with EACCES).
DENIED_SYSCALLS = (
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "init_module",
    "finit_module",
    "delete_module",
    "kexec_load",
    "unshare",
    "setns",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "socketpair",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
)

_libc = ctypes.CDLL(None, use_errno=True)
#: The address space a worker had mapped when it was confined: its memory limit is on top of it.
_mapped_at_start: int | None = None


@dataclass
class Limits:
    """The rlimits of one worker, from its run's limits."""

    memory_bytes: int
    cpu_seconds: int | None
    file_bytes: int = 256 * 1024 * 1024
    open_files: int = 256
    #: Processes beyond those the user already has: the helper binaries and their threads.
    processes: int = 32


@dataclass
class Layers:
    """Which confinement layers hold in a worker: its report to the host (`hello`)."""

    process_group: bool = False
    user_namespace: bool = False
    network_namespace: bool = False
    no_new_privs: bool = False
    rlimits: bool = False
    landlock_abi: int = 0
    seccomp: bool = False
    #: Why a layer is missing, one line each.
    missing: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        out = asdict(self)
        out["missing"] = "\n".join(self.missing)
        return out


def program_paths() -> list[str]:
    """Cordon's own files and the Python environment it runs in: read-only to a worker."""
    here = Path(__file__).resolve().parent.parent  # core/
    paths = {str(here), str(here.parent / "resources"), sys.prefix, sys.base_prefix, sys.exec_prefix}
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        paths.add(sysconfig.get_paths()[name])
    paths.update(p for p in sys.path if p and os.path.isdir(p) and p != os.getcwd())
    if getattr(sys, "frozen", False):
        paths.add(os.path.dirname(sys.executable))
    return sorted(paths)


def helper_paths() -> list[str]:
    """The helper binaries a worker may execute, and the dynamic loader they need."""
    found = [p for p in (shutil.which(name) for name in HELPERS) if p]
    loaders = [str(p) for p in Path("/lib64").glob("ld-linux*.so*")] + [str(p) for p in Path("/lib").glob("ld-linux*")]
    return [os.path.realpath(p) for p in found + loaders]


def allowed_paths() -> list[landlock.Rule]:
    """The whole allow-list of a worker, in one place (and its private scratch folder, `SCRATCH`)."""
    rules = [landlock.Rule(p, landlock.READ) for p in (*SYSTEM_READ, *program_paths())]
    rules += [landlock.Rule(p, landlock.READ_FILE | landlock.EXECUTE) for p in helper_paths()]
    rules.append(landlock.Rule("/dev/null", landlock.READ_FILE | landlock.WRITE_FILE))
    rules.append(landlock.Rule("/dev/urandom", landlock.READ_FILE))
    return rules


def _prctl(option: int, value: int) -> None:
    if _libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl")


def _namespaces(layers: Layers) -> None:
    uid, gid = os.getuid(), os.getgid()
    if _libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        layers.missing.append(f"user and network namespaces: unshare failed ({errno.errorcode.get(err, err)})")
        return
    layers.user_namespace = layers.network_namespace = True
    # Map the user to itself so files keep their owners (and Python its home); no other ids exist.
    try:
        Path("/proc/self/setgroups").write_text("deny")
        Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
        Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    except OSError as exc:
        layers.missing.append(f"user namespace id map: {exc.strerror}")


def _rlimit(which: int, value: int) -> None:
    """Set `which` to `value` (or the hard limit, if that is lower): limits only ever go down."""
    _soft, hard = resource.getrlimit(which)
    cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
    resource.setrlimit(which, (cap, cap))


def _rlimits(limits: Limits, prepared: Prepared, layers: Layers) -> None:
    _rlimit(resource.RLIMIT_FSIZE, limits.file_bytes)
    _rlimit(resource.RLIMIT_NOFILE, limits.open_files)
    _rlimit(resource.RLIMIT_CORE, 0)
    _rlimit(resource.RLIMIT_NPROC, prepared.user_processes + limits.processes)
    lower_limits(limits.memory_bytes, limits.cpu_seconds)
    layers.rlimits = True


def _mapped_bytes() -> int:
    """The address space this process has mapped already (the libraries the zygote loaded)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def _user_processes() -> int:
    """Processes (and threads: RLIMIT_NPROC counts them) of this real user now."""
    uid = os.getuid()
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    count += len(os.listdir(f"/proc/{entry.name}/task"))
            except OSError:
                continue
    return count


def _seccomp_program() -> tuple[bytes, str]:
    """The seccomp filter compiled to classic BPF by libseccomp (once, in the zygote); or why not."""
    try:
        import pyseccomp as seccomp
    except (ImportError, OSError) as exc:  # libseccomp.so.2 missing: pyseccomp fails at import
        return b"", f"seccomp: libseccomp is not available ({exc})"
    rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    rules.add_rule(seccomp.ERRNO(errno.EACCES), "socket")
    for name in DENIED_SYSCALLS:
        rules.add_rule(seccomp.ERRNO(errno.EPERM), name)
    # clone with any namespace flag is refused (one rule a flag: a rule matches a masked value);
    # clone3's flags sit in memory a filter cannot read, so it answers ENOSYS and the C library
    # falls back to clone.
    for flag in _NAMESPACE_FLAGS:
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    with tempfile.TemporaryFile() as out:
        rules.export_bpf(out)
        out.seek(0)
        return out.read(), ""


class _SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))


def _load_seccomp(program: bytes) -> None:
    """Install a compiled filter on this thread (after PR_SET_NO_NEW_PRIVS, which the kernel requires)."""
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.addressof(buffer))
    if _libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)")


@dataclass(frozen=True)
class Prepared:
    """What every worker's confinement needs that costs time to work out: made once, in the zygote."""

    rules: tuple[landlock.Rule, ...]
    landlock_abi: int
    seccomp_program: bytes
    seccomp_missing: str
    user_processes: int

    @classmethod
    def now(cls) -> Prepared:
        if sys.platform != "linux":
            return cls((), 0, b"", "seccomp: Linux only", 0)
        program, missing = _seccomp_program()
        return cls(tuple(allowed_paths()), landlock.abi(), program, missing, _user_processes())


def confine(scratch: str, limits: Limits, prepared: Prepared) -> Layers:
    """Apply every layer the kernel offers to this (single-threaded, freshly forked) process."""
    layers = Layers()
    os.setsid()
    layers.process_group = True
    if sys.platform != "linux":  # macOS: a separate, capped, killable process; its sandbox is designed only
        _rlimits(limits, prepared, layers)
        layers.missing.append(f"{sys.platform}: no namespaces, Landlock or seccomp; see docs/security.md")
        return layers
    _prctl(_PR_SET_PDEATHSIG, 9)  # the zygote gone: so is this worker
    _namespaces(layers)
    _prctl(_PR_SET_NO_NEW_PRIVS, 1)
    layers.no_new_privs = True
    _rlimits(limits, prepared, layers)
    if prepared.landlock_abi:
        landlock.restrict((*prepared.rules, landlock.Rule(scratch, landlock.SCRATCH)), prepared.landlock_abi)
        layers.landlock_abi = prepared.landlock_abi
        if prepared.landlock_abi < 6:
            layers.missing.append(
                f"landlock ABI {prepared.landlock_abi}: no signal or abstract-socket scoping (needs 6)"
            )
    else:
        layers.missing.append("landlock: the kernel offers none (Linux 5.13+ with landlock in the LSM list)")
    if prepared.seccomp_program:
        _load_seccomp(prepared.seccomp_program)
        layers.seccomp = True
    else:
        layers.missing.append(prepared.seccomp_missing)
    return layers


def lower_limits(memory_bytes: int, cpu_seconds: int | None) -> None:
    """Hold this worker to a run's memory (beyond what the libraries mapped) and CPU seconds."""
    global _mapped_at_start
    if _mapped_at_start is None:  # read before Landlock closes /proc to the worker
        _mapped_at_start = _mapped_bytes()
    _rlimit(resource.RLIMIT_AS, _mapped_at_start + memory_bytes)
    if cpu_seconds is not None:
        _rlimit(resource.RLIMIT_CPU, cpu_seconds)
