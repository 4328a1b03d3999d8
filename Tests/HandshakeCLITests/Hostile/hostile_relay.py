"""A relay that attacks the two devices it carries (docs/protocols/nearby-relay.md §5): it serves
/v1/relay/{room} as the mailbox does, pairing two WebSockets per room, but tampers with what it passes on.

  hostile_relay.py HOST PORT flip      flips one bit of every message it passes on
  hostile_relay.py HOST PORT reflect   sends every message back to its own sender, never to the other side

Prints "listening" once it accepts connections, then serves until it is killed."""
import asyncio
import sys

from websockets.asyncio.server import serve

host, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rooms = {}


async def seat(ws):
    path = ws.request.path
    if not path.startswith("/v1/relay/"):
        await ws.close(1008, "not a relay path")
        return
    room = rooms.setdefault(path, {"seats": [], "ready": asyncio.Event()})
    room["seats"].append(ws)
    if len(room["seats"]) == 2:
        room["ready"].set()
    await room["ready"].wait()
    other = next(s for s in room["seats"] if s is not ws)
    async for message in ws:
        data = bytearray(message if isinstance(message, bytes) else message.encode())
        if mode == "flip":
            data[len(data) // 2] ^= 0x01
            await other.send(bytes(data))
        elif mode == "reflect":
            await ws.send(bytes(data))
    await other.close()


async def main():
    async with serve(seat, host, port, max_size=None):
        print("listening", flush=True)
        await asyncio.Future()


asyncio.run(main())
