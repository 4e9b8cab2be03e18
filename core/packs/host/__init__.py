"""Cordon's host packs: one module per pack, each exposing `MODULE` (see core.packs.host_registry)."""
