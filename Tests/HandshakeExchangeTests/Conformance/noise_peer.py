#!/usr/bin/env python3
"""A live peer for the Swift secure channel: speaks the real frame format over stdin (from Swift) and stdout
(to Swift), built on noise_channel.py (noiseprotocol + cryptography, written from the doc).

    noise_peer.py ROLE MODE [SECRET_HEX]      ROLE: initiator|responder, MODE: compare-code|session-secret

After the handshake it sends message type 0x10 (JSON: its own handshake hash and short code) and type 0x11
(100,000 pattern bytes), then answers every message of type T with type T|0x80 and the payload reversed,
until a message of type 0x00 arrives; then it exits 0. Any protocol error exits 1 with a note on stderr."""
import json
import signal
import struct
import sys

from noise_channel import Channel, ProtocolError, frame

signal.alarm(60)  # never outlive a hung test
role, mode = sys.argv[1], sys.argv[2]
secret = bytes.fromhex(sys.argv[3]) if len(sys.argv) > 3 else None
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer


def read_exact(count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = stdin.read(count - len(data))
        if not chunk:
            raise EOFError("the Swift side closed the stream")
        data += chunk
    return data


def read_frame(limit: int) -> bytes:
    (length,) = struct.unpack(">H", read_exact(2))
    if length == 0 or length > limit:
        raise ProtocolError("frame of %d bytes over the limit %d" % (length, limit))
    return read_exact(length)


def send(bodies):
    for body in bodies:
        stdout.write(frame(body))
    stdout.flush()


def pattern(count: int) -> bytes:
    return bytes(((i * 7 + 3 + (i >> 8)) & 0xFF) for i in range(count))


try:
    channel = Channel(role, mode, secret)
    send(channel.first())
    announced = False
    while True:
        replies, received = channel.on_frame(read_frame(channel.frame_limit()))
        send(replies)
        if channel.established and not announced:
            announced = True
            summary = {"handshake_hash": channel.handshake_hash.hex(), "short_code": channel.short_code()}
            send(channel.seal(0x10, json.dumps(summary).encode()))
            send(channel.seal(0x11, pattern(100_000)))
        for kind, payload in received:
            if kind == 0x00:
                sys.exit(0)
            send(channel.seal(kind | 0x80, payload[::-1]))
except Exception as error:  # noqa: BLE001 - any failure is the test's to see; sys.exit passes through
    print("noise_peer: %s: %r" % (type(error).__name__, error), file=sys.stderr)
    sys.exit(1)
