#!/usr/bin/env python3
"""A relay whose first message comes in the same write as its WebSocket upgrade answer: what the mailbox's
relay does when the second device joins a room whose first device has already spoken (the held bytes are
handed over at once, docs/protocols/nearby-relay.md §3.4), and what a busy machine's socket then gives the
client in one read. Written with the standard library alone (RFC 6455 §4.2.2 and §5.2, by hand), so the
101 answer and the frame leave in one sendall.

It accepts one connection, checks the upgrade request (GET /v1/relay/<32 lowercase hex>, Upgrade:
websocket, a Sec-WebSocket-Key), answers 101 with the first message right behind it, then reads the
client's first frame (which RFC 6455 §5.3 requires to be masked) and reports it.

Input (JSON on stdin): {"portFile": "/tmp/.../port", "message": "<hex>", "seconds": 10, "refuse": false}
    portFile: where the port it listens on (127.0.0.1, chosen by the system) is written once it listens.
    refuse: instead of a message, the relay's refusal of a seat as the mailbox sends it: the 101 answer, a
    close frame (4409, "Two are in this room already.") and the end of the connection, in one go.
Output (JSON on stdout): {"path": "/v1/relay/...", "masked": true, "opcode": 2, "received": "<hex>"}
    received: the payload of the client's first frame ("" when none came within `seconds`).
"""
import base64
import hashlib
import json
import re
import socket
import struct
import sys

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise EOFError("the client closed the connection")
        data += chunk
    return data


def read_frame(connection):
    first, second = read_exactly(connection, 2)
    length = second & 0x7F
    if length == 126:
        (length,) = struct.unpack("!H", read_exactly(connection, 2))
    elif length == 127:
        (length,) = struct.unpack("!Q", read_exactly(connection, 8))
    masked = bool(second & 0x80)
    mask = read_exactly(connection, 4) if masked else b"\0\0\0\0"
    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(read_exactly(connection, length)))
    return first & 0x0F, masked, payload


def server_frame(payload):
    """A final binary frame, unmasked, as a server sends it (RFC 6455 §5.1)."""
    if len(payload) < 126:
        header = bytes([0x82, len(payload)])
    else:
        header = bytes([0x82, 126]) + struct.pack("!H", len(payload))
    return header + payload


def main():
    request = json.load(sys.stdin)
    message = bytes.fromhex(request["message"])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(float(request.get("seconds", 10)))
    with open(request["portFile"], "w") as port_file:
        port_file.write(str(listener.getsockname()[1]))
    connection, _ = listener.accept()
    connection.settimeout(float(request.get("seconds", 10)))
    head = b""
    while b"\r\n\r\n" not in head:
        head += read_exactly(connection, 1)
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ")
    headers = {name.strip().lower(): value.strip() for name, value in (line.split(":", 1) for line in lines[1:] if ":" in line)}
    if method != "GET" or not re.fullmatch(r"/v1/relay/[0-9a-f]{32}", path) or headers.get("upgrade", "").lower() != "websocket":
        raise SystemExit(f"not a relay upgrade request: {lines[0]!r} {headers!r}")
    accept = base64.b64encode(hashlib.sha1((headers["sec-websocket-key"] + GUID).encode()).digest()).decode()
    answer = (
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Accept: {accept}\r\n\r\n"
    ).encode()
    if request.get("refuse"):
        # One write, then the end: the close frame and the FIN come right behind the answer.
        reason = b"Two are in this room already."
        connection.sendall(answer + bytes([0x88, 2 + len(reason)]) + struct.pack("!H", 4409) + reason)
        connection.shutdown(socket.SHUT_WR)
        connection.close()
        print(json.dumps({"path": path, "refused": True}))
        return
    # One write: the answer and the first message reach the client's socket together.
    connection.sendall(answer + server_frame(message))
    report = {"path": path, "masked": False, "opcode": -1, "received": ""}
    try:
        opcode, masked, payload = read_frame(connection)
        report.update(masked=masked, opcode=opcode, received=payload.hex())
    except (socket.timeout, EOFError):
        pass
    connection.close()
    print(json.dumps(report))


main()
