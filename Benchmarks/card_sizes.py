#!/usr/bin/env python3
"""Sizes of one typical business card in Handshake's QR form and in the JSON + base64-signature form that
Freepath and Solidarity use, with the QR version each needs at error correction M (segno decides).

Usage: handshake card export --format cbor -o card.cbor && python3 Benchmarks/card_sizes.py card.cbor
"""
import base64
import json
import sys

import cbor2
import segno

raw = open(sys.argv[1], "rb").read()
cose = cbor2.loads(raw)
payload = cbor2.loads(cose.value[2])
signature = cose.value[3]

qr_text = "HS1:" + __import__("base45").b45encode(raw).decode()

# The same content as a JSON card with a detached base64 signature (Freepath / Solidarity style).
as_json = json.dumps({
    "nodeId": payload[2],
    "sigKey": base64.b64encode(payload[3]).decode(),
    "encKey": base64.b64encode(payload[4]).decode(),
    "updatedAt": payload[5],
    "name": payload.get(6), "company": payload.get(10), "title": payload.get(11),
    "emails": payload.get(12), "phones": payload.get(13),
    "signature": base64.b64encode(signature).decode(),
}, separators=(",", ":"))

def version(text):
    return segno.make(text, error="m", boost_error=False, micro=False).version

rows = [
    ("Handshake QR text (HS1: + Base45, alphanumeric mode)", len(qr_text), version(qr_text)),
    ("JSON + base64 signature (byte mode)", len(as_json), version(as_json)),
]
print(f"signed card (COSE_Sign1 CBOR): {len(raw)} bytes")
print("| form | characters | QR version at M | modules per side |")
print("|---|---|---|---|")
for name, length, v in rows:
    print(f"| {name} | {length} | {v} | {17 + 4 * v} |")
