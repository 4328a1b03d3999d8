#!/usr/bin/env python3
"""An independent implementation of the common-friends PSI of docs/protocols/nearby-common-friends.md,
built only on the `cryptography` package's X25519 and hashlib.

Input (JSON on stdin):  {"a": {"keys": [hex…], "seed": hex}, "b": {"keys": [hex…], "seed": hex}}
Output (JSON):          for each side: scalar, elements (u of each compared key), set, reply, common (hex keys)
Each side draws its randomness from the documented test stream SHA-256(seed ‖ u64be(counter)), so the
messages can be compared byte for byte with the Swift implementation's.
"""
import hashlib
import json
import sys

from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

LABEL = b"handshake nearby v1 common friends element\x00"
BUCKETS = [16 << i for i in range(9)]  # 16 … 4096
MAXIMUM = BUCKETS[-1]
P = 2**255 - 19


class Stream:
    """The documented deterministic test stream."""

    def __init__(self, seed):
        self.seed, self.counter, self.pending = seed, 0, b""

    def take(self, n):
        while len(self.pending) < n:
            self.pending += hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def uniform(self, bound):
        limit = (2**32 // bound) * bound
        while True:
            word = int.from_bytes(self.take(4), "big")
            if word < limit:
                return word % bound


def clear_top_bit(b):
    return b[:31] + bytes([b[31] & 0x7F])


def element(sig_key, salt):
    return clear_top_bit(hashlib.sha256(LABEL + salt + sig_key).digest())


def x25519(scalar, u):
    """X25519(scalar, u), or None for an all-zero result (OpenSSL refuses it)."""
    try:
        out = X25519PrivateKey.from_private_bytes(scalar).exchange(X25519PublicKey.from_public_bytes(u))
    except ValueError:
        return None
    return None if out == bytes(32) else out


def encode(entries):
    return len(entries).to_bytes(2, "big") + b"".join(entries)


def decode(message, expected=None):
    count = int.from_bytes(message[:2], "big")
    assert len(message) >= 2 and len(message) == 2 + 32 * count
    assert count == expected if expected is not None else count in BUCKETS
    entries = [message[2 + 32 * i: 34 + 32 * i] for i in range(count)]
    assert all(int.from_bytes(e, "little") < P for e in entries) and len(set(entries)) == count
    return entries


class Side:
    def __init__(self, keys, seed, salt):
        self.salt = salt
        self.random = Stream(seed)
        self.scalar = self.random.take(32)
        distinct = list(dict.fromkeys(keys))
        self.compared = [k for k in distinct if len(k) == 32][:MAXIMUM]

    def set_message(self):
        entries, owners = [], []
        self.elements = [element(k, self.salt) for k in self.compared]
        for index, u in enumerate(self.elements):
            blinded = x25519(self.scalar, u)
            if blinded is not None and blinded not in entries:
                entries.append(blinded)
                owners.append(index)
        bucket = next(b for b in BUCKETS if b >= len(entries))
        while len(entries) < bucket:
            blinded = x25519(self.scalar, clear_top_bit(self.random.take(32)))
            if blinded is not None and blinded not in entries:
                entries.append(blinded)
                owners.append(None)
        order = list(range(len(entries)))
        for i in range(len(order) - 1, 0, -1):
            j = self.random.uniform(i + 1)
            order[i], order[j] = order[j], order[i]
        self.owners = [owners[k] for k in order]
        self.set = encode([entries[k] for k in order])
        return self.set

    def reply(self, peer_set):
        answered = [x25519(self.scalar, e) for e in decode(peer_set)]
        assert None not in answered
        self.peer_double = set(answered)
        return encode(answered)

    def receive_reply(self, reply):
        entries = decode(reply, len(self.owners))
        common = sorted(o for o, e in zip(self.owners, entries) if o is not None and e in self.peer_double)
        return [self.compared[i] for i in common]


def main():
    request = json.load(sys.stdin)
    salt = bytes.fromhex(request["salt"])
    a, b = (Side([bytes.fromhex(k) for k in request[s]["keys"]], bytes.fromhex(request[s]["seed"]), salt) for s in "ab")
    set_a, set_b = a.set_message(), b.set_message()
    reply_a, reply_b = a.reply(set_b), b.reply(set_a)
    common_a, common_b = a.receive_reply(reply_b), b.receive_reply(reply_a)
    out = {}
    for name, side, set_, reply, common in (("a", a, set_a, reply_a, common_a), ("b", b, set_b, reply_b, common_b)):
        out[name] = {
            "scalar": side.scalar.hex(),
            "elements": [u.hex() for u in side.elements],
            "set": set_.hex(),
            "reply": reply.hex(),
            "common": [k.hex() for k in common],
        }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
