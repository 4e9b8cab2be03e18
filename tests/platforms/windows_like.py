"""Imported first by a test's child process: this Linux Python then lacks what Windows lacks.

The names Cordon's own code could reach for on POSIX only are removed (the `O_*` flags of the
descriptor walk, fork and process groups, the signals Windows has no number for) and the POSIX-only
modules cannot be imported, except `fcntl`: Cordon imports it only where `sys.platform` is not
"win32" (it takes `msvcrt` there), and that branch is what a Linux Python runs. Third-party libraries still take their Linux branches (they choose by
`sys.platform`, which stays "linux"), so what this shows is that Cordon's modules import and run
where those names are missing, and refuse by rule what needs them.
"""

import os
import signal
import sys

for _name in (
    "O_DIRECTORY",
    "O_NOFOLLOW",
    "O_CLOEXEC",
    "O_NONBLOCK",
    "O_PATH",
    "fork",
    "forkpty",
    "setsid",
    "killpg",
    "getpgid",
    "pidfd_open",
    "mkfifo",
):
    if hasattr(os, _name):
        delattr(os, _name)
for _name in (
    "SIGHUP",
    "SIGKILL",
    "SIGCHLD",
    "SIGPIPE",
    "SIGQUIT",
    "SIGUSR1",
    "SIGUSR2",
    "SIGALRM",
    "SIGCONT",
    "SIGSTOP",
    "SIGXCPU",
):
    if hasattr(signal, _name):
        delattr(signal, _name)
for _module in ("resource", "termios", "pwd", "grp", "tty", "pty"):
    sys.modules[_module] = None  # type: ignore[assignment]  # `import resource` now raises ImportError
