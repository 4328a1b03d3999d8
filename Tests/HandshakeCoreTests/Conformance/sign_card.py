"""A second, independent card SIGNER written from docs/formats/card.md: a fresh Ed25519/X25519 identity,
a business card as a canonical CBOR map, wrapped as COSE_Sign1 (tag 18, protected h'A10127').

Input: {"updatedAt": ms, "name": ..., "company": ..., "title": ..., "emails": [...], "phones": [...]}
Output: {"card": hex, "sigKey": hex, "encKey": hex, "nodeId": text}.
With `--write PATH`, the card bytes are also written to PATH."""
import sys
from _support import require, read_input, emit, node_id

cbor2 = require("cbor2")
require("cryptography")
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw)

request = read_input()
signing = Ed25519PrivateKey.generate()
sig_key = signing.public_key().public_bytes(**RAW)
enc_key = X25519PrivateKey.generate().public_key().public_bytes(**RAW)

fields = {1: 1, 2: node_id(sig_key), 3: sig_key, 4: enc_key, 5: int(request["updatedAt"])}
for name, key in (("name", 6), ("company", 10), ("title", 11), ("emails", 12), ("phones", 13)):
    value = request.get(name)
    if value:  # empty optional fields are left out
        fields[key] = value

payload = cbor2.dumps(fields, canonical=True)
protected = cbor2.dumps({1: -8})
assert protected == bytes.fromhex("a10127")
signature = signing.sign(cbor2.dumps(["Signature1", protected, b"", payload]))
card = cbor2.dumps(cbor2.CBORTag(18, [protected, {}, payload, signature]))

if len(sys.argv) == 3 and sys.argv[1] == "--write":
    with open(sys.argv[2], "wb") as out:
        out.write(card)
emit({"card": card.hex(), "sigKey": sig_key.hex(), "encKey": enc_key.hex(), "nodeId": fields[2]})
