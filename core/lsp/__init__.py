"""Cordon's language server: editors (VS Code, Neovim, the studio) ask the TypeScript service about bodies.

`core.lsp.server` speaks the Language Server Protocol (`cordon lsp`); `core.lsp.documents` maps an
open `.js`/`.ts` file or `.node.json` document to the body and context the service checks.
"""
