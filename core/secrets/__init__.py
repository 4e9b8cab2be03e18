"""The encrypted secrets file (where no platform keyring runs) and the conversion of the file older Cordons
wrote with keyrings.cryptfile. Callers use `core.secrets_store`, the one facade over keyring and this file."""
