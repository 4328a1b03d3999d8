#!/usr/bin/env python3
"""Writes the seed corpus of the FuzzChannel target (Fuzz/Corpus/FuzzChannel/) with noise_channel.py, using
the fixed keys of the worked example, which the fuzz target uses too: each seed is a stream one end would
really receive, so the fuzzer starts from inputs that complete the handshake and open records.
Input format (see Fuzz/Sources/FuzzChannel/main.swift): configuration byte, split byte, stream.

    python3 noise_fuzz_corpus.py ../../../Fuzz/Corpus/FuzzChannel"""
import os
import sys

from noise_channel import Channel, frame

INITIATOR = bytes(range(0x01, 0x21))
RESPONDER = bytes(range(0x21, 0x41))
SECRET = bytes(range(0x41, 0x61))
out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def session(mode):
    secret = SECRET if mode == "session-secret" else None
    ends = {"initiator": Channel("initiator", mode, secret, INITIATOR), "responder": Channel("responder", mode, secret, RESPONDER)}
    other = {"initiator": "responder", "responder": "initiator"}
    received = {"initiator": b"", "responder": b""}
    queue = [("responder", b) for b in ends["responder"].first()] + [("initiator", b) for b in ends["initiator"].first()]
    while queue:
        sender, body = queue.pop(0)
        received[other[sender]] += frame(body)
        replies, _ = ends[other[sender]].on_frame(body)
        queue += [(other[sender], r) for r in replies]
    return ends, received


def records(end, messages):
    return b"".join(frame(body) for kind, payload in messages for body in end.seal(kind, payload))


for mode, secret_bit in [("compare-code", 2 * 0), ("session-secret", 2)]:
    tag = mode.split("-")[0]
    for role, role_bit in [("initiator", 0), ("responder", 1)]:
        ends, handshake = session(mode)
        sender = ends["responder" if role == "initiator" else "initiator"]
        small = records(sender, [(0x01, b"hello"), (0x02, b""), (0x03, bytes(300))])
        # A fresh end: the whole stream it receives, handshake then records.
        with open(os.path.join(out, "%s-%s-fresh.bin" % (tag, role)), "wb") as f:
            f.write(bytes([role_bit | secret_bit, 0x80]) + handshake[role] + small)
        # An established end (the fuzz target connects its own, identical session): records only.
        ends, _ = session(mode)
        sender = ends["responder" if role == "initiator" else "initiator"]
        big = records(sender, [(0x05, bytes(i & 0xFF for i in range(70_000))), (0x06, b"after")])
        with open(os.path.join(out, "%s-%s-established-fragments.bin" % (tag, role)), "wb") as f:
            f.write(bytes([4 | role_bit | secret_bit, 0x40]) + big)
        ends, _ = session(mode)
        sender = ends["responder" if role == "initiator" else "initiator"]
        with open(os.path.join(out, "%s-%s-established.bin" % (tag, role)), "wb") as f:
            f.write(bytes([4 | role_bit | secret_bit, 0x10]) + records(sender, [(0x01, b"hello"), (0x07, bytes(40))]))
