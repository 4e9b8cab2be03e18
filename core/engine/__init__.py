"""The QuickJS engine: the driver of Cordon's own guest, guest VM lifecycle and the anatomy of a run."""
