"""What the benchmark seeders share: base64url, a JSON (or COSE) call to a mailbox, and signing in with a key
(docs/server.md: the challenge, signed with the label of SigningPurpose.serverChallenge)."""
import base64
import json
import urllib.request

from cryptography.hazmat.primitives import serialization

RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw)
LABEL = b"handshake server v1 challenge\x00"  # SigningPurpose.serverChallenge


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64u(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def call(base, method, path, body=None, token=None, content_type="application/json"):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read()
        return json.loads(text) if text else None


def sign_in(base, signing):
    """A bearer token for the account of `signing` (an Ed25519 private key)."""
    sig_key = signing.public_key().public_bytes(**RAW)
    challenge = call(base, "POST", "/v1/auth/challenge", {"sigKey": b64u(sig_key)})["challenge"]
    signature = signing.sign(LABEL + unb64u(challenge))
    return call(base, "POST", "/v1/auth/token", {"challenge": challenge, "signature": b64u(signature)})["token"]
