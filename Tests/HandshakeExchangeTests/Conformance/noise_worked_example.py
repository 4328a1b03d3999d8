#!/usr/bin/env python3
"""Recomputes the worked example of docs/protocols/nearby-channel.md with noise_channel.py (noiseprotocol +
cryptography, written from the doc). JSON in: {"mode", "initiator_ephemeral", "responder_ephemeral",
"secret" (hex or null), "records": [{"from": "initiator"|"responder", "type", "payload" (hex)}]}.
JSON out: {"prologue", "commitment", "frames": [{"from", "hex"}], "handshake_hash", "short_code"}."""
import json
import sys

from noise_channel import Channel, commitment, frame, prologue, public_key

request = json.load(sys.stdin)
mode = request["mode"]
secret = bytes.fromhex(request["secret"]) if request.get("secret") else None
ends = {
    "initiator": Channel("initiator", mode, secret, bytes.fromhex(request["initiator_ephemeral"])),
    "responder": Channel("responder", mode, secret, bytes.fromhex(request["responder_ephemeral"])),
}
other = {"initiator": "responder", "responder": "initiator"}
frames = []
queue = [("responder", body) for body in ends["responder"].first()] + [("initiator", body) for body in ends["initiator"].first()]
while queue:
    sender, body = queue.pop(0)
    frames.append({"from": sender, "hex": frame(body).hex()})
    replies, _ = ends[other[sender]].on_frame(body)
    queue += [(other[sender], reply) for reply in replies]
assert ends["initiator"].handshake_hash == ends["responder"].handshake_hash

for record in request["records"]:
    sender, payload = record["from"], bytes.fromhex(record["payload"])
    for body in ends[sender].seal(record["type"], payload):
        frames.append({"from": sender, "hex": frame(body).hex()})
        _, received = ends[other[sender]].on_frame(body)
        assert received == [(record["type"], payload)]

responder_public = public_key(bytes.fromhex(request["responder_ephemeral"]))
commit = commitment(responder_public) if mode == "compare-code" else b""
json.dump({
    "prologue": prologue(mode, commit).hex(),
    "commitment": commit.hex() or None,
    "frames": frames,
    "handshake_hash": ends["initiator"].handshake_hash.hex(),
    "short_code": ends["initiator"].short_code(),
}, sys.stdout)
