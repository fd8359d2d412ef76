"""Server profiles: their URLs and the checks a profile must pass. The private JSON file
without keys is in test_profiles_file.py, API keys (keyring or session only) in
test_profiles_keys.py."""

from __future__ import annotations

import pytest

from backend.errors import ProfileError
from backend.settings.profiles import api_root, check_url, is_loopback_url
from tests.backend.settings.profiles_helpers import SECRET, profile

# --- URLs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "root"),
    [
        ("http://gpu:8000/v1", "http://gpu:8000"),
        ("http://gpu:8000/v1/", "http://gpu:8000"),
        ("http://gpu:8000/v1/chat/completions", "http://gpu:8000"),
        ("http://gpu:8000/v1/chat/completions/", "http://gpu:8000"),
        ("  http://gpu:8000/v1  ", "http://gpu:8000"),
        ("http://gpu:8000", "http://gpu:8000"),
        ("https://api.example.com/openai/v1", "https://api.example.com/openai"),
    ],
)
def test_api_root(url: str, root: str) -> None:
    assert api_root(url) == root
    assert profile(url).api_root == root


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:8000/v1", "https://api.example.com/v1", "http://[::1]:8000", "http://gpu"],
)
def test_check_url_accepts_http_and_https(url: str) -> None:
    check_url(url)


@pytest.mark.parametrize(
    "url", ["ftp://gpu/v1", "http://", "http:///v1", "gpu:8000/v1", "127.0.0.1:8000", ""]
)
def test_check_url_rejects_other_schemes_and_missing_hosts(url: str) -> None:
    with pytest.raises(ProfileError, match=r"http:// or https://") as info:
        check_url(url)
    assert "server URL" in str(info.value)


@pytest.mark.parametrize(
    "url", [f"http://user:{SECRET}@gpu:8000/v1", f"https://{SECRET}@api.example.com/v1"]
)
def test_check_url_rejects_credentials_without_repeating_them(url: str) -> None:
    with pytest.raises(ProfileError, match="API key field") as info:
        check_url(url)
    assert SECRET not in str(info.value)


def test_check_url_names_the_proxy() -> None:
    with pytest.raises(ProfileError, match="proxy"):
        profile(proxy="socks-proxy-without-scheme").validated()


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000/v1", True),
        ("http://127.0.0.2:8000/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://localhost:8000/v1", True),
        ("http://LOCALHOST:8000/v1", True),
        ("http://10.0.0.5:8000/v1", False),
        ("http://192.168.1.20:8000/v1", False),
        ("https://example.com/v1", False),
        ("http://localhost.example.com/v1", False),
        ("not a url", False),
    ],
)
def test_is_loopback_url(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback
    assert profile(url).is_loopback is loopback


@pytest.mark.parametrize(
    ("url", "plain_http_ok", "warn"),
    [
        ("http://192.168.1.20:8000/v1", False, True),
        ("http://gpu.lab.example.com:8000/v1", False, True),
        ("https://gpu.lab.example.com/v1", False, False),
        ("http://127.0.0.1:8000/v1", False, False),
        ("http://localhost:8000/v1", False, False),
        ("http://[::1]:8000/v1", False, False),
        ("http://192.168.1.20:8000/v1", True, False),
    ],
)
def test_plain_http_warning(url: str, plain_http_ok: bool, warn: bool) -> None:
    assert profile(url, plain_http_ok=plain_http_ok).needs_plain_http_warning is warn


# --- validation ------------------------------------------------------------------------


def test_a_good_profile_validates_to_itself() -> None:
    p = profile()
    assert p.validated() is p


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("connect_timeout_s", "connect timeout"),
        ("first_token_timeout_s", "first token timeout"),
        ("total_timeout_s", "total timeout"),
    ],
)
@pytest.mark.parametrize("value", [0, -1.0])
def test_timeouts_must_be_positive(field: str, words: str, value: float) -> None:
    with pytest.raises(ProfileError, match=f"The {words} must be positive"):
        profile(**{field: value}).validated()


@pytest.mark.parametrize("fmt", ["webp", "JPEG", "jpg", ""])
def test_unknown_image_formats_are_rejected(fmt: str) -> None:
    with pytest.raises(ProfileError, match="JPEG or PNG"):
        profile(image_format=fmt).validated()


def test_png_is_accepted() -> None:
    assert profile(image_format="png").validated().image_format == "png"


def test_validated_checks_the_url() -> None:
    with pytest.raises(ProfileError, match="API key field"):
        profile(f"http://u:{SECRET}@gpu/v1").validated()
