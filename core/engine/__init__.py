"""The QuickJS engine: binding adapter, guest VM lifecycle and the anatomy of a run."""
