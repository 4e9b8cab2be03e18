"""The studio's dialogs: pack consent, secret prompt, package picker.

Each is constructible on its own (`ConsentDialog(facts)`, `SecretPromptDialog(name, reason)`,
`PackagePicker(catalog, document)`) and has a one-call helper for the main window
(`ask_consent`, `pick_package`, `ensure_consent`).
"""
