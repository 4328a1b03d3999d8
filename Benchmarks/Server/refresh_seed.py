"""Seeds running Handshake mailboxes for the card-refresh benchmark (scripts/bench-refresh): on each server,
accounts that publish a card naming that server (card.md key 16), signed here with `cryptography` and
`cbor2` as docs/formats/card.md describes, so the cards a refresh fetches are not the program's own.

Usage:
  refresh_seed.py seed OUT_DIR PER_SERVER BASE_URL...   writes OUT_DIR/cards/N.cose (one per account, to add to a
                                                        book) and OUT_DIR/accounts.json (the keys, to update later)
  refresh_seed.py update OUT_DIR COUNT                  publishes a newer card (another title) for the first
                                                        COUNT accounts, spread over the servers"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "HandshakeCoreTests", "Conformance"))
from _support import require, node_id  # noqa: E402

cbor2 = require("cbor2")
require("cryptography")
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey  # noqa: E402

from _mailbox import RAW, call, sign_in  # noqa: E402

PRIVATE_RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PrivateFormat.Raw,
                   encryption_algorithm=serialization.NoEncryption())


def card(signing, enc_key, base, index, title, updated_at):
    """A signed card (COSE_Sign1 over the deterministic payload) naming `base` as its server."""
    sig_key = signing.public_key().public_bytes(**RAW)
    fields = {1: 1, 2: node_id(sig_key), 3: sig_key, 4: enc_key, 5: updated_at, 6: f"Bench {index}", 11: title, 16: base}
    payload = cbor2.dumps(fields, canonical=True)
    protected = cbor2.dumps({1: -8})
    signature = signing.sign(cbor2.dumps(["Signature1", protected, b"", payload]))
    return cbor2.dumps(cbor2.CBORTag(18, [protected, {}, payload, signature]))


def publish(base, signing, signed):
    call(base, "PUT", "/v1/account/card", signed, sign_in(base, signing), "application/cose")


def seed(out, per_server, bases):
    os.makedirs(os.path.join(out, "cards"), exist_ok=True)
    accounts = []
    now = int(time.time() * 1000)
    for base in bases:
        for _ in range(per_server):
            index = len(accounts)
            signing = Ed25519PrivateKey.generate()
            enc_key = X25519PrivateKey.generate().public_key().public_bytes(**RAW)
            signed = card(signing, enc_key, base, index, "Engineer", now)
            publish(base, signing, signed)
            with open(os.path.join(out, "cards", f"{index}.cose"), "wb") as f:
                f.write(signed)
            accounts.append({"base": base, "seed": signing.private_bytes(**PRIVATE_RAW).hex(), "encKey": enc_key.hex(),
                             "updatedAt": now})
    with open(os.path.join(out, "accounts.json"), "w") as f:
        json.dump(accounts, f)
    print(f"seeded {len(accounts)} accounts on {len(bases)} servers", file=sys.stderr)


def update(out, count):
    with open(os.path.join(out, "accounts.json")) as f:
        accounts = json.load(f)
    # The accounts were seeded a server at a time; taking them in turns spreads the updates over the servers.
    per_server = len(accounts) // len({account["base"] for account in accounts})
    order = sorted(range(len(accounts)), key=lambda i: (i % per_server, i))[:count]
    for index in order:
        account = accounts[index]
        signing = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(account["seed"]))
        account["updatedAt"] += 60_000
        signed = card(signing, bytes.fromhex(account["encKey"]), account["base"], index, "Principal Engineer", account["updatedAt"])
        publish(account["base"], signing, signed)
    with open(os.path.join(out, "accounts.json"), "w") as f:
        json.dump(accounts, f)
    print(f"published {len(order)} newer cards", file=sys.stderr)


def main():
    command, out = sys.argv[1], sys.argv[2]
    if command == "seed":
        seed(out, int(sys.argv[3]), [base.rstrip("/") for base in sys.argv[4:]])
    elif command == "update":
        update(out, int(sys.argv[3]))
    else:
        sys.exit(f"refresh_seed.py: unknown command {command}")


main()
