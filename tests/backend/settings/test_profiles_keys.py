"""API keys: kept in the keyring under ProofDesk, or for the session only when there is
no working keyring."""

from __future__ import annotations

import logging

import keyring.backends.fail
import pytest
from keyring.backend import KeyringBackend

from backend.settings.keys import SERVICE, KeyStore
from tests.backend.settings.profiles_helpers import SECRET, BrokenKeyring, MemoryKeyring

# --- keys ------------------------------------------------------------------------------


def test_without_a_keyring_keys_last_for_the_session_only() -> None:
    keys = KeyStore(keyring.backends.fail.Keyring())
    assert not keys.persistent
    assert keys.set("p1", SECRET) is False
    assert keys.get("p1") == SECRET
    assert keys.get("p2") is None
    keys.delete("p1")
    assert keys.get("p1") is None
    # A new session (a restart) has nothing.
    keys.set("p1", SECRET)
    assert KeyStore(keyring.backends.fail.Keyring()).get("p1") is None


def test_with_a_keyring_keys_are_stored_under_proofdesk() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    assert keys.persistent
    assert keys.set("p1", SECRET) is True
    assert backend.passwords == {("ProofDesk", "p1"): SECRET}
    assert SERVICE == "ProofDesk"
    assert keys.get("p1") == SECRET
    assert KeyStore(backend).get("p1") == SECRET  # survives a restart


def test_replacing_and_deleting_a_stored_key() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    keys.set("p1", "old")
    keys.set("p1", SECRET)
    assert KeyStore(backend).get("p1") == SECRET
    keys.delete("p1")
    assert keys.get("p1") is None
    assert backend.passwords == {}


def test_deleting_a_key_that_is_not_there_is_fine() -> None:
    KeyStore(MemoryKeyring()).delete("never-set")
    KeyStore(keyring.backends.fail.Keyring()).delete("never-set")


def test_setting_an_empty_key_forgets_the_key() -> None:
    backend = MemoryKeyring()
    keys = KeyStore(backend)
    keys.set("p1", SECRET)
    assert keys.set("p1", "") is True
    assert keys.get("p1") is None
    assert backend.passwords == {}

    session = KeyStore(keyring.backends.fail.Keyring())
    session.set("p1", SECRET)
    assert session.set("p1", "") is False
    assert session.get("p1") is None


def test_a_broken_keyring_falls_back_to_the_session(caplog: pytest.LogCaptureFixture) -> None:
    keys = KeyStore(BrokenKeyring())
    assert keys.persistent  # it claims to work
    with caplog.at_level(logging.WARNING, logger="backend.settings.keys"):
        assert keys.set("p1", SECRET) is False
        assert keys.get("p1") == SECRET
        assert keys.get("p2") is None
        keys.delete("p1")
    assert keys.get("p1") is None
    assert "keyring" in caplog.text
    assert SECRET not in caplog.text  # the failure is logged without the key


def test_a_keyring_whose_priority_raises_is_not_persistent() -> None:
    class Unavailable(MemoryKeyring):
        @property  # type: ignore[misc]
        def priority(self) -> float:  # type: ignore[override]
            raise RuntimeError("no D-Bus session")

    getattr(KeyringBackend, "_classes", set()).discard(Unavailable)
    keys = KeyStore(Unavailable())
    assert not keys.persistent
    assert keys.set("p1", SECRET) is False
    assert keys.get("p1") == SECRET
