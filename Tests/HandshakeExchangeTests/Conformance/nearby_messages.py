"""Checks the session messages of docs/protocols/nearby.md with code we did not write: cbor2 reads every
payload and re-encodes it canonically from its parts (the bytes must be identical), cryptography's
Ed25519 verifies each card binding over label || handshake hash || role byte || SHA-256(card), and Pillow
decodes each list photo's image (a PNG or JPEG of at most 8,192 bytes); each card-versions list is read
entry by entry (40 bytes: a key that is an Ed25519 point, then updatedAt big-endian; sorted, no repeats) and
each carried card's COSE_Sign1 signature is verified over its Sig_structure by cryptography's Ed25519.
Input: {"handshake_hash": hex, "messages": [{"from": "initiator"|"responder", "type": int, "payload": hex}]}.
Output: {"checked": n, "bindings": n, "photos": ["PNG 16x16", ...], "versions": [[[key hex, updatedAt], ...], ...],
"carried": [[sigKey hex, updatedAt], ...]}. A failed check exits 1 with the reason."""
import hashlib
import json
import sys


def require(module, pip_name=None):
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        sys.stderr.write(f"missing Python module '{module}': run `pip install {pip_name or module}` (or scripts/install-test-tools)\n")
        sys.exit(3)


cbor2 = require("cbor2")
require("cryptography")
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.exceptions import InvalidSignature

BINDING_LABEL = b"handshake nearby v1 binding\x00"
ROLE_BYTE = {"initiator": b"I", "responder": b"R"}
TYPES = {
    0x10: "request", 0x11: "accept", 0x12: "decline", 0x13: "cancel", 0x14: "photo", 0x20: "note", 0x30: "close",
    0x40: "card versions", 0x41: "carried card", 0x42: "carry end",
}


def fail(message):
    sys.stderr.write("conformance check failed: " + message + "\n")
    sys.exit(1)


def card_sig_key(card_bytes):
    """The sigKey (map key 3) inside the COSE_Sign1 card's payload."""
    envelope = cbor2.loads(card_bytes)
    if not isinstance(envelope, cbor2.CBORTag) or envelope.tag != 18:
        fail("a card is not a COSE_Sign1 (tag 18)")
    payload = cbor2.loads(envelope.value[2])
    return payload[3]


def verified_card(card_bytes):
    """The card's (sigKey, updatedAt) once its COSE_Sign1 signature verifies (RFC 9052 §4.4, Signature1)."""
    envelope = cbor2.loads(card_bytes)
    if not isinstance(envelope, cbor2.CBORTag) or envelope.tag != 18 or len(envelope.value) != 4:
        fail("a carried card is not a COSE_Sign1 (tag 18)")
    protected, _, payload_bytes, signature = envelope.value
    payload = cbor2.loads(payload_bytes)
    to_sign = cbor2.dumps(["Signature1", protected, b"", payload_bytes])
    try:
        Ed25519PublicKey.from_public_bytes(payload[3]).verify(signature, to_sign)
    except InvalidSignature:
        fail("a carried card's signature does not verify")
    return payload[3], payload[5]


request = json.loads(sys.stdin.read())
handshake_hash = bytes.fromhex(request["handshake_hash"])
bindings = 0
photos = []
versions = []
carried = []
for message in request["messages"]:
    kind = TYPES.get(message["type"])
    if kind is None:
        fail(f"unknown message type {message['type']}")
    payload = bytes.fromhex(message["payload"])
    value = cbor2.loads(payload)
    if not isinstance(value, dict) or not all(isinstance(k, int) for k in value):
        fail(f"{kind}: the payload is not a map with integer keys")
    if cbor2.dumps(value, canonical=True) != payload:
        fail(f"{kind}: the payload is not in canonical (deterministic) form")
    if kind in ("request", "accept") and 2 in value:
        card, binding = value[2], value[3]
        signed = BINDING_LABEL + handshake_hash + ROLE_BYTE[message["from"]] + hashlib.sha256(card).digest()
        try:
            Ed25519PublicKey.from_public_bytes(card_sig_key(card)).verify(binding, signed)
        except InvalidSignature:
            fail(f"{kind} from the {message['from']}: the binding does not verify")
        bindings += 1
        if kind == "request" and value.get(1) not in (0, 1):
            fail("request: the kind is neither 0 (exchange) nor 1 (give)")
    if kind == "note" and not isinstance(value.get(1), str):
        fail("note: key 1 is not text")
    if kind == "cancel" and value.get(1) not in (0, 1):
        fail("cancel: the reason is neither 0 nor 1")
    if kind == "photo":
        image = value.get(1)
        if not isinstance(image, bytes) or not 0 < len(image) <= 8192:
            fail("photo: key 1 is not an image of 1 to 8192 bytes")
        import io
        Image = require("PIL.Image", "Pillow")
        try:
            picture = Image.open(io.BytesIO(image))
            picture.load()
        except Exception as error:
            fail(f"photo: Pillow cannot read the image: {error}")
        if picture.format not in ("PNG", "JPEG"):
            fail(f"photo: the image is {picture.format}, not PNG or JPEG")
        photos.append(f"{picture.format} {picture.width}x{picture.height}")
    if kind == "card versions":
        entries = value.get(1)
        if not isinstance(entries, bytes) or len(entries) == 0 or len(entries) % 40 or len(entries) > 40 * 256:
            fail("card versions: key 1 is not 1 to 256 entries of 40 bytes")
        listed = []
        for start in range(0, len(entries), 40):
            key, updated = entries[start:start + 32], int.from_bytes(entries[start + 32:start + 40], "big")
            Ed25519PublicKey.from_public_bytes(key)
            if listed and bytes.fromhex(listed[-1][0]) >= key:
                fail("card versions: the keys are not in increasing order")
            listed.append([key.hex(), updated])
        versions.append(listed)
    if kind == "carried card":
        card = value.get(1)
        if not isinstance(card, bytes):
            fail("carried card: key 1 is not a byte string")
        key, updated = verified_card(card)
        carried.append([key.hex(), updated])
    if kind in ("carry end", "close", "decline") and value != {}:
        fail(f"{kind}: the payload is not an empty map")
print(json.dumps({"checked": len(request["messages"]), "bindings": bindings, "photos": photos, "versions": versions, "carried": carried}))
