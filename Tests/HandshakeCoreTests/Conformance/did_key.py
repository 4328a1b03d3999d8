"""did:key with two independent libraries: `base58` and `multiformats` (multibase + multicodec).

Input {"mode": "ed25519", "did": ..., "sigKey": hex}: both libraries must decode the DID to the key.
Input {"mode": "p256"}: Python `cryptography` makes a P-256 key; multiformats writes its did:key.
Output for p256: {"did": ..., "compressed": hex}."""
from _support import require, read_input, check, emit

base58 = require("base58")
multiformats = require("multiformats")
from multiformats import multibase, multicodec

request = read_input()
if request["mode"] == "ed25519":
    did, key = request["did"], bytes.fromhex(request["sigKey"])
    check(did.startswith("did:key:z"), "not a did:key with a base58btc multibase value")
    raw = base58.b58decode(did[len("did:key:z"):])
    check(raw == b"\xed\x01" + key, "base58: the did:key does not hold 0xed 0x01 + sigKey")
    codec, unwrapped = multicodec.unwrap(multibase.decode(did[len("did:key:"):]))
    check(codec.name == "ed25519-pub", f"multiformats reads the codec as {codec.name}")
    check(bytes(unwrapped) == key, "multiformats: the key differs")
    emit({"codec": codec.name})
else:
    require("cryptography")
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    public = ec.generate_private_key(ec.SECP256R1()).public_key()
    compressed = public.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
    did = "did:key:" + multibase.encode(multicodec.wrap("p256-pub", compressed), "base58btc")
    emit({"did": did, "compressed": compressed.hex()})
