"""The studio's dialogs: pack consent, document trust, secret prompt, package picker.

Each is constructible on its own (`ConsentDialog(facts)`, `DocumentTrustDialog(facts)`,
`SecretPromptDialog(name, reason)`, `PackagePicker(catalog, document)`) and has a one-call
helper for the main window (`ask_consent`, `ask_trust`, `pick_package`); before a run they answer the
run plan through `gui/dialog_prompter.py`.
"""
