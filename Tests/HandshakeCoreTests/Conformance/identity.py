"""Derives a Handshake identity from a seed with Python `cryptography` (HKDF-SHA256, Ed25519, X25519)
and reports the public keys, Node ID and did:key. Input: {"seed": hex}."""
from _support import require, read_input, emit, node_id, b58encode

require("cryptography")
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw)


def derive(seed, label):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"handshake identity v1", info=label).derive(seed)


seed = bytes.fromhex(read_input()["seed"])
sig_key = Ed25519PrivateKey.from_private_bytes(derive(seed, b"ed25519 signing key")).public_key().public_bytes(**RAW)
enc_key = X25519PrivateKey.from_private_bytes(derive(seed, b"x25519 encryption key")).public_key().public_bytes(**RAW)
emit({
    "sigKey": sig_key.hex(),
    "encKey": enc_key.hex(),
    "nodeId": node_id(sig_key),
    "didKey": "did:key:z" + b58encode(b"\xed\x01" + sig_key),
})
