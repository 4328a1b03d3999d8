"""Two connections that sit in a short code's relay room before the device that typed the code arrives
(docs/protocols/nearby-relay.md §6): the room's name is public, made from the code's first three characters
alone, so anyone who reads them over a shoulder can take both seats. The typing device is then turned away
with 4409 and must say so.

Input (JSON on stdin): {"base": "ws://127.0.0.1:PORT", "rendezvous": "DXP", "seatedFile": PATH, "releaseFile": PATH}
    seatedFile: written once both seats are taken; releaseFile: the script leaves once it exists (60 s at most).
Output (JSON on stdout): {"room": "<32 hex>", "seated": true}
"""
import asyncio
import hashlib
import hmac
import json
import os
import sys

from websockets.asyncio.client import connect


async def main():
    request = json.load(sys.stdin)
    # The room's name: the first 16 bytes of HMAC-SHA256 keyed by the rendezvous part (nearby-relay.md §6).
    room = hmac.new(request["rendezvous"].encode(), b"handshake relay code room v1", hashlib.sha256).hexdigest()[:32]
    first = await connect(f"{request['base']}/v1/relay/{room}")
    second = await connect(f"{request['base']}/v1/relay/{room}")
    with open(request["seatedFile"], "w") as seated:
        seated.write(room)
    for _ in range(600):
        if os.path.exists(request["releaseFile"]):
            break
        await asyncio.sleep(0.1)
    await first.close()
    await second.close()
    print(json.dumps({"room": room, "seated": True}))


asyncio.run(main())
