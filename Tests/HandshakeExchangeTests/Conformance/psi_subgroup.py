#!/usr/bin/env python3
"""Classifies the entries of common-friends messages (docs/protocols/nearby-common-friends.md) with plain
integer arithmetic, independently of any X25519 library: for each 32-byte entry, whether its u-coordinate is
on Curve25519 or on its quadratic twist, and whether the point lies in the prime-order subgroup there
(order l on the curve, l' on the twist). Every blinded value, real or dummy, must be in that subgroup.

Input (JSON on stdin):  {"messages": [hex…]}
Output (JSON):          {"curve": n, "twist": n, "primeOrder": n, "entries": n}
"""
import json
import sys

P = 2**255 - 19
A = 486662
L = 2**252 + 27742317777372353535851937790883648493  # order of the curve's prime subgroup (#E = 8·L)
L_TWIST = (2 * P + 2 - 8 * L) // 4                   # order of the twist's prime subgroup (#E' = 4·L')
assert (2 * P + 2 - 8 * L) % 4 == 0


def on_twist(u):
    """u^3 + A·u^2 + u is not a square mod p (Euler's criterion)."""
    rhs = (u * u * u + A * u * u + u) % P
    return rhs != 0 and pow(rhs, (P - 1) // 2, P) == P - 1


def times_is_identity(k, u):
    """Whether [k]P is the point at infinity, P having x-coordinate u: the Montgomery ladder of RFC 7748 §5,
    without clamping, in projective (X : Z) form; infinity is Z = 0. Works on the curve and on the twist."""
    x1, x2, z2, x3, z3, swap = u, 1, 0, u, 1, 0
    for t in reversed(range(k.bit_length())):
        bit = (k >> t) & 1
        swap ^= bit
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b, c, d = x2 + z2, x2 - z2, x3 + z3, x3 - z3
        aa, bb = a * a % P, b * b % P
        e = (aa - bb) % P
        da, cb = d * a % P, c * b % P
        x3, z3 = (da + cb) ** 2 % P, x1 * (da - cb) ** 2 % P
        x2, z2 = aa * bb % P, e * (aa + 121665 * e) % P
    if swap:
        x2, z2 = x3, z3
    return z2 % P == 0


def main():
    counts = {"curve": 0, "twist": 0, "primeOrder": 0, "entries": 0}
    for message in json.load(sys.stdin)["messages"]:
        data = bytes.fromhex(message)
        for i in range(int.from_bytes(data[:2], "big")):
            u = int.from_bytes(data[2 + 32 * i: 34 + 32 * i], "little")
            twist = on_twist(u)
            counts["twist" if twist else "curve"] += 1
            counts["entries"] += 1
            if u != 0 and times_is_identity(L_TWIST if twist else L, u):
                counts["primeOrder"] += 1
    json.dump(counts, sys.stdout)


if __name__ == "__main__":
    main()
