"""Seeds a running Handshake mailbox for the wrk benchmarks (scripts/bench-server): accounts with
published cards (signed here with `cryptography` and `cbor2`, as docs/formats/card.md describes), one
share link and one Node ID to read again and again, and a file of friend requests that are all distinct
(sender, receiver) pairs, so every POST in the run is a real send rather than a `request_pending` refusal.

Usage: seed.py BASE_URL OUT_DIR [SENDERS] [RECEIVERS]
Writes OUT_DIR/resolve_token, OUT_DIR/card_node_id and OUT_DIR/requests.tsv (token TAB JSON body)."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "HandshakeCoreTests", "Conformance"))
from _support import require, node_id  # noqa: E402

cbor2 = require("cbor2")
require("cryptography")
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey  # noqa: E402

from _mailbox import RAW, b64u, call, sign_in  # noqa: E402


def account(base, index):
    """A fresh key, signed in, with a published card; returns (token, nodeId, card bytes)."""
    signing = Ed25519PrivateKey.generate()
    sig_key = signing.public_key().public_bytes(**RAW)
    enc_key = X25519PrivateKey.generate().public_key().public_bytes(**RAW)
    token = sign_in(base, signing)
    nid = node_id(sig_key)
    fields = {1: 1, 2: nid, 3: sig_key, 4: enc_key, 5: int(time.time() * 1000), 6: f"Bench {index}"}
    payload = cbor2.dumps(fields, canonical=True)
    protected = cbor2.dumps({1: -8})
    card = cbor2.dumps(cbor2.CBORTag(18, [protected, {}, payload, signing.sign(cbor2.dumps(["Signature1", protected, b"", payload]))]))
    call(base, "PUT", "/v1/account/card", card, token, "application/cose")
    return token, nid, card


def main():
    base, out = sys.argv[1].rstrip("/"), sys.argv[2]
    senders = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    receivers = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    os.makedirs(out, exist_ok=True)
    owner = account(base, 0)
    link = call(base, "POST", "/v1/share-links", token=owner[0])["token"]
    with open(os.path.join(out, "resolve_token"), "w") as f:
        f.write(link)
    with open(os.path.join(out, "card_node_id"), "w") as f:
        f.write(owner[1])
    sending = [account(base, 1 + i) for i in range(senders)]
    receiving = [account(base, 1 + senders + i) for i in range(receivers)]
    # Receiver-major order, so consecutive requests come from different senders and go to one receiver.
    with open(os.path.join(out, "requests.tsv"), "w") as f:
        for receiver in receiving:
            for token, _, card in sending:
                f.write(token + "\t" + json.dumps({"to": receiver[1], "card": b64u(card)}, separators=(",", ":")) + "\n")
    print(f"seeded {1 + senders + receivers} accounts, {senders * receivers} distinct requests", file=sys.stderr)


main()
