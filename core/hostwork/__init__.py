"""Host workers: the host work a run triggers on bytes it controls runs in a confined, killable process.

Every host pack call, `image.*`, `audio.*`, `video.*` and canvas rendering parse or decode what a
run hands them with native and Python libraries (Pillow, FFmpeg, Skia, libxml2, pypdf, ...). Such
work runs in the run's host worker (`client.in_host_worker`): a process forked from a zygote
(`zygote.py`) that confines itself before it runs anything (`confine.py`, `landlock.py`), answers
in a typed, capped wire format (`wire.py`), and is killed with its whole process group when its
run ends, times out or is cancelled. The engine process keeps only what needs the user's powers:
workspace files (fsguard), fetch (netguard), secrets, the asset store. docs/security.md, "Host
workers", says what each layer stops and what is still trusted.
"""
