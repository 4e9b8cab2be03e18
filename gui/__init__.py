"""Cordon Studio: the PySide6 desktop app for writing, running and sharing Code nodes.

It talks to the engine only through `core`'s public API and runs every body
exactly as `cordon node run` does (`core.codenode.run_node`), on a worker
thread. `cordon-studio` starts it (`gui.app:main`).
"""
