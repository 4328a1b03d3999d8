"""A token's reader written from the docs alone, with libraries we did not write: it reads the session token
an issuer wrote (nearby-bootstrap.md §2: ndeflib for the NDEF message, the payload by its table, the relay
record), names the room (nearby-relay.md §2: Python's hmac), opens the room's WebSocket (websockets) and runs
the secure channel as the initiator in session-secret mode through it (noise_channel.py: noiseprotocol, from
nearby-channel.md), until the issuer's first message arrives sealed. It sends no card, so nothing is kept.

    relay_reader.py TOKEN_FILE

Prints one JSON object: the room, whether the channel was established, and the types of the messages that
arrived. Exits 1 with a note on any protocol error."""
import hashlib
import hmac
import json
import os
import struct
import sys

import ndef
from websockets.sync.client import connect

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "HandshakeExchangeTests", "Conformance"))
from noise_channel import Channel, frame  # noqa: E402

message = open(sys.argv[1], "rb").read()
records = {r.type: bytes(r.data) for r in ndef.message_decoder(message, errors="strict")}
payload = records["urn:nfc:ext:handshake.app:session"]
assert payload[0] == 1, "token version"
secret = payload[17:49]
origin = records["urn:nfc:ext:handshake.app:relay"].decode("ascii")
room = hmac.new(secret, b"handshake relay room v1", hashlib.sha256).hexdigest()[:32]
url = origin.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + "/v1/relay/" + room

seen = {"room": room, "established": False, "kinds": []}
channel = Channel("initiator", "session-secret", secret)
buffer = b""
with connect(url, open_timeout=10) as ws:
    for body in channel.first():
        ws.send(frame(body))
    while not seen["kinds"]:
        buffer += ws.recv(timeout=20)
        while len(buffer) >= 2:
            (length,) = struct.unpack(">H", buffer[:2])
            if len(buffer) < 2 + length:
                break
            body, buffer = buffer[2:2 + length], buffer[2 + length:]
            replies, received = channel.on_frame(body)
            for reply in replies:
                ws.send(frame(reply))
            seen["established"] = channel.established
            seen["kinds"] += [kind for kind, _ in received]
print(json.dumps(seen))
