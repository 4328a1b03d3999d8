#!/usr/bin/env python3
"""Recomputes the short code's worked example of docs/protocols/nearby-bootstrap.md with PyPI's `cpace`
package (CPACE-X25519-SHA512, written by others) for the generator, shares, ISK and confirmation tag, and
`cryptography`'s HKDF for the session secret; the framing and labels are written from the doc.
JSON in: {"password", "rendezvous" (ASCII), "binding", "sid", "ya", "yb" (hex)}.
JSON out: {"ci", "g", "frame_a", "frame_b", "isk", "tag", "secret"} (hex)."""
import json
import sys

import cpace
from cpace import CPace, CPaceRole
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def label(text):
    return text.encode() + b"\x00"


request = json.load(sys.stdin)
prs = request["password"].encode()
binding = bytes.fromhex(request["binding"])
sid = bytes.fromhex(request["sid"])
ci = cpace._lv_cat(label("handshake nearby v1 cpace channel"), request["rendezvous"].encode(), binding)
ad_a, ad_b = label("handshake nearby v1 cpace typed"), label("handshake nearby v1 cpace shown")
g = cpace._calculate_generator(prs, ci, sid)

sides = {}
for role, key, ad in ((CPaceRole.INITIATOR, "ya", ad_a), (CPaceRole.RESPONDER, "yb", ad_b)):
    scalar = bytes.fromhex(request[key])
    sides[role] = CPace(role=role, sid=sid, ad=ad, scalar=scalar, public_share=cpace._scalar_mult_vfy(scalar, g))
a, b = sides[CPaceRole.INITIATOR], sides[CPaceRole.RESPONDER]
a.derive(b.public_share, ad_b)
b.derive(a.public_share, ad_a)
assert a.isk == b.isk and a.verify(b.tag())


def frame(kind, content):
    return (len(content) + 1).to_bytes(2, "big") + bytes([kind]) + content


secret = HKDF(algorithm=hashes.SHA512(), length=32, salt=None, info=label("handshake nearby v1 cpace session secret")).derive(b.isk)
json.dump({
    "ci": ci.hex(), "g": g.hex(),
    "frame_a": frame(0x04, bytes([1]) + sid + a.public_share).hex(),
    "frame_b": frame(0x05, b.public_share + b.tag()).hex(),
    "isk": b.isk.hex(), "tag": b.tag().hex(), "secret": secret.hex(),
}, sys.stdout)
