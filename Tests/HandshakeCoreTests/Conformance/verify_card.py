"""Checks a Handshake signed card with libraries we did not write.

Input: {"card": hex of the COSE_Sign1 bytes, "expect": {field: value, ...}}.
- cbor2 decodes the envelope (tag 18, 4-element array, protected header {1: -8}, empty unprotected map)
  and the payload, and re-encodes the payload canonically to the very same bytes;
- Python `cryptography` verifies the Ed25519 signature over the Sig_structure built with cbor2;
- pycose decodes the Sign1 message and verifies it with an OKP key;
- the Node ID is recomputed from sigKey and compared with key 2, and the expected fields are compared."""
import hashlib
from _support import require, read_input, check, emit, node_id

cbor2 = require("cbor2")
require("cryptography")
require("pycose")
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.exceptions import InvalidSignature
from pycose.messages import Sign1Message
from pycose.keys import OKPKey
from pycose.keys.curves import Ed25519

request = read_input()
card = bytes.fromhex(request["card"])
expect = request.get("expect", {})

envelope = cbor2.loads(card)
check(isinstance(envelope, cbor2.CBORTag) and envelope.tag == 18, "not a COSE_Sign1 (tag 18)")
check(isinstance(envelope.value, (list, tuple)) and len(envelope.value) == 4, "COSE_Sign1 is not a 4-element array")
protected, unprotected, payload, signature = envelope.value
check(protected == bytes.fromhex("a10127"), f"protected header is {protected.hex()}, expected a10127")
check(cbor2.loads(protected) == {1: -8}, "protected header is not {1: -8}")
check(unprotected == {}, "unprotected header is not an empty map")
check(len(signature) == 64, "signature is not 64 bytes")
check(cbor2.dumps(envelope, canonical=True) == card, "the envelope is not canonical CBOR")

fields = cbor2.loads(payload)
check(isinstance(fields, dict), "payload is not a map")
check(cbor2.dumps(fields, canonical=True) == payload, "cbor2's canonical re-encoding of the payload differs")
check(fields.get(1) == 1, "schema (key 1) is not 1")
sig_key = fields[3]
check(isinstance(sig_key, bytes) and len(sig_key) == 32, "sigKey (key 3) is not 32 bytes")
check(fields[2] == node_id(sig_key), f"Node ID {fields[2]} is not the one sigKey yields ({node_id(sig_key)})")

sig_structure = cbor2.dumps(["Signature1", protected, b"", payload])
try:
    Ed25519PublicKey.from_public_bytes(sig_key).verify(signature, sig_structure)
except InvalidSignature:
    check(False, "cryptography: Ed25519 signature over the Sig_structure does not verify")

# pycose 1.x expects cbor2 to hand back a list for the tagged array; newer cbor2 returns a tuple, which
# makes Sign1Message.decode() refuse every message. Decode with cbor2 and hand pycose the parts instead.
try:
    message = Sign1Message.decode(card)
except TypeError:
    message = Sign1Message.from_cose_obj([protected, dict(unprotected), payload, signature], True)
message.key = OKPKey(crv=Ed25519, x=sig_key)
check(message.verify_signature(), "pycose: verify_signature() returned False")

names = {"name": 6, "bio": 7, "location": 9, "company": 10, "title": 11, "emails": 12, "phones": 13, "skills": 15}
for field, key in names.items():
    if field in expect:
        check(fields.get(key) == expect[field], f"{field} (key {key}) is {fields.get(key)!r}, expected {expect[field]!r}")
if "updatedAt" in expect:
    check(fields[5] == expect["updatedAt"], "updatedAt (key 5) differs")
if "nodeId" in expect:
    check(fields[2] == expect["nodeId"], "Node ID differs from the expected one")

emit({
    "keys": sorted(k for k in fields if isinstance(k, int)),
    "nodeId": fields[2],
    "sigStructure": sig_structure.hex(),
    "payload": payload.hex(),
    "payloadSha256": hashlib.sha256(payload).hexdigest(),
})
