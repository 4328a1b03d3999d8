"""What relay rooms cost a running Handshake mailbox (scripts/bench-relay): opens ROOMS rooms on its relay,
two WebSocket connections each (Python's `websockets`, as nearby-relay.md §4.4 says a device opens one), pairs
each with one message either way, and reads the server process's resident memory and open descriptors from
/proc before, with every room open and paired, and after they all closed.

Usage: relay_rooms.py BASE_URL SERVER_PID ROOMS
Prints one JSON object: rss_kib and fds at each moment, and per room."""
import asyncio
import json
import os
import secrets
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "HandshakeCoreTests", "Conformance"))
from _support import require  # noqa: E402

websockets = require("websockets")


def reading(pid):
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return {"rss_kib": rss, "fds": len(os.listdir(f"/proc/{pid}/fd"))}


async def pair(base, room):
    """Both sides of one room, paired: the first speaks, the second answers, each hears the other."""
    url = base.replace("http://", "ws://", 1) + "/v1/relay/" + room
    first = await websockets.connect(url, max_size=None, ping_interval=None)
    second = await websockets.connect(url, max_size=None, ping_interval=None)
    await first.send(b"\x01" * 64)
    assert await second.recv() == b"\x01" * 64
    await second.send(b"\x02" * 64)
    assert await first.recv() == b"\x02" * 64
    return first, second


async def settle(pid):
    """A reading once the server has had a moment to finish what the last step started."""
    await asyncio.sleep(1.5)
    return reading(pid)


async def main():
    base, pid, rooms = sys.argv[1].rstrip("/"), int(sys.argv[2]), int(sys.argv[3])
    # A few rooms first, so what the first use of the relay allocates once is not counted per room.
    for sides in await asyncio.gather(*(pair(base, secrets.token_hex(16)) for _ in range(8))):
        for side in sides:
            await side.close()
    before = await settle(pid)
    opened = []
    for start in range(0, rooms, 50):
        opened += await asyncio.gather(*(pair(base, secrets.token_hex(16)) for _ in range(start, min(rooms, start + 50))))
    held = await settle(pid)
    for sides in opened:
        for side in sides:
            await side.close()
    after = await settle(pid)
    per_room = {key: round((held[key] - before[key]) / rooms, 2) for key in before}
    print(json.dumps({"rooms": rooms, "before": before, "open": held, "after": after, "per_room": per_room}))


asyncio.run(main())
