"""Peers of the mailbox's relay (docs/protocols/nearby-relay.md §3) written with Python's `websockets`, a
WebSocket implementation we did not write: what a second implementation of the relay's client sees.

  relay_peers.py pair BASE ROOM [OTHER]
                                    two peers meet: a message held before the second came, one each way,
                                    a third turned away, one leaving ends the other, the room not reopened;
                                    with OTHER (a second instance on one database) the second peer and the
                                    second try connect there, the third to BASE
  relay_peers.py across BASE OTHER ROOM
                                    one peer on each instance: a message at the size limit each way, an empty
                                    one, 50 in a row in order, then the second leaves
  relay_peers.py flood BASE COUNT   COUNT connections from one address, each to a room of its own
  relay_peers.py oversize BASE ROOM a message past the limit
  relay_peers.py text BASE ROOM     a text message
  relay_peers.py silent BASE ROOM [OTHER]
                                    two peers meet (the second on OTHER), then wait for the room's end

BASE is ws://HOST:PORT. Prints one JSON object: what each peer received and how each connection was closed."""
import json
import os
import sys
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

mode, base = sys.argv[1], sys.argv[2]


def url(room, at=None):
    return f"{at or base}/v1/relay/{room}"


def closed(ws, timeout=10):
    """How `ws` ended: its close code and reason (what it received first is read and dropped)."""
    try:
        while True:
            ws.recv(timeout=timeout)
    except ConnectionClosed as ended:
        return {"code": ended.rcvd.code if ended.rcvd else None, "reason": ended.rcvd.reason if ended.rcvd else None}
    except TimeoutError:
        return {"code": "open", "reason": None}


def paired(a, b):
    """Returns once both are seated: a message from the second reached the first (the upgrade alone says
    nothing of the seat, which the relay takes just after)."""
    b.send(b"here")
    a.recv(timeout=10)


seen = {}
if mode == "pair":
    room = sys.argv[3]
    other = sys.argv[4] if len(sys.argv) > 4 else None
    a = connect(url(room), open_timeout=5)
    a.send(b"held for you")
    b = connect(url(room, other), open_timeout=5)
    seen["bReceivedHeld"] = b.recv(timeout=5).decode()
    b.send(b"from b")
    seen["aReceived"] = a.recv(timeout=5).decode()
    a.send(b"from a")
    seen["bReceived"] = b.recv(timeout=5).decode()
    third = connect(url(room), open_timeout=5)
    seen["third"] = closed(third)
    a.close()
    seen["bAfterALeft"] = closed(b)
    again = connect(url(room, other), open_timeout=5)
    seen["again"] = closed(again)
elif mode == "across":
    other, room = sys.argv[3], sys.argv[4]
    a = connect(url(room), open_timeout=5, max_size=None)
    b = connect(url(room, other), open_timeout=5, max_size=None)
    paired(a, b)
    largest = os.urandom(64 * 1024)
    a.send(largest)
    seen["bReceivedLargest"] = b.recv(timeout=10) == largest
    b.send(largest[::-1])
    seen["aReceivedLargest"] = a.recv(timeout=10) == largest[::-1]
    a.send(b"")
    seen["bReceivedEmpty"] = b.recv(timeout=10) == b""
    for index in range(50):
        b.send(index.to_bytes(2, "big") * (index * 40 + 1))
    seen["aReceivedInOrder"] = [a.recv(timeout=10) == index.to_bytes(2, "big") * (index * 40 + 1) for index in range(50)].count(True)
    b.close()
    seen["aAfterBLeft"] = closed(a)
elif mode == "flood":
    count = int(sys.argv[3])
    sockets = [connect(url(f"{index:032x}"), open_timeout=5) for index in range(count)]
    # A refusal is a close right after the upgrade; a seat says nothing. Three seconds for every refusal to come.
    deadline, codes = time.monotonic() + 3, []
    for ws in sockets:
        try:
            ws.recv(timeout=max(0.05, deadline - time.monotonic()))
            codes.append("message")
        except TimeoutError:
            codes.append("open")
        except ConnectionClosed as ended:
            codes.append(ended.rcvd.code if ended.rcvd else None)
    seen["codes"] = codes
    for ws in sockets:
        ws.close()
elif mode == "oversize":
    room = sys.argv[3]
    a = connect(url(room), open_timeout=5, max_size=None)
    b = connect(url(room), open_timeout=5)
    paired(a, b)
    a.send(b"x" * (64 * 1024 + 1))
    seen["a"] = closed(a)
    seen["b"] = closed(b)
elif mode == "text":
    room = sys.argv[3]
    a = connect(url(room), open_timeout=5)
    b = connect(url(room), open_timeout=5)
    paired(a, b)
    a.send("words, not bytes")
    seen["a"] = closed(a)
    seen["b"] = closed(b)
elif mode == "silent":
    room = sys.argv[3]
    a = connect(url(room), open_timeout=5)
    b = connect(url(room, sys.argv[4] if len(sys.argv) > 4 else None), open_timeout=5)
    paired(a, b)
    seen["a"] = closed(a, timeout=30)
    seen["b"] = closed(b, timeout=30)
print(json.dumps(seen))
