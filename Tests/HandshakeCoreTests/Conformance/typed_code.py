"""The typed code, implemented from docs/formats/card.md alone (no Handshake code), encoding each payload
and decoding it back. Input: {"payloads": [hex, ...]}. Output: {"codes": [text, ...]}."""
import hashlib
from _support import read_input, check, emit

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def gf32_mul(a, b):
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 0x20:
            a ^= 0x25  # x^5 + x^2 + 1
    return product


def check_digit(run):
    total, weight = 0, 2  # alpha^(i+1), alpha = x = 2
    for digit in run:
        total ^= gf32_mul(weight, digit)
        weight = gf32_mul(weight, 2)
    return total


def encode(payload):
    data = payload + hashlib.sha256(payload).digest()[:4]
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 5)
    digits = [int(bits[i:i + 5], 2) for i in range(0, len(bits), 5)]
    groups = []
    for start in range(0, len(digits), 4):
        run = digits[start:start + 4]
        groups.append("".join(ALPHABET[d] for d in run + [check_digit(run)]))
    return "-".join(groups)


def decode(text):
    values = []
    for char in text.upper():
        if char in "- \t\r\n.":
            continue
        char = {"O": "0", "I": "1", "L": "1"}.get(char, char)
        values.append(ALPHABET.index(char))
    digits = []
    for start in range(0, len(values), 5):
        group = values[start:start + 5]
        check(check_digit(group[:-1]) == group[-1], f"group {start // 5 + 1} fails its check digit")
        digits += group[:-1]
    bits = "".join(f"{d:05b}" for d in digits)
    usable = len(bits) // 8 * 8
    check(len(bits) - usable < 5 and set(bits[usable:]) <= {"0"}, "padding bits are not zero")
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, usable, 8))
    payload, checksum = data[:-4], data[-4:]
    check(hashlib.sha256(payload).digest()[:4] == checksum, "checksum mismatch")
    return payload


codes = []
for payload_hex in read_input()["payloads"]:
    payload = bytes.fromhex(payload_hex)
    code = encode(payload)
    check(decode(code) == payload, "decode(encode(p)) != p")
    check(decode(code.lower().replace("-", " ").replace("0", "o")) == payload, "lenient decoding failed")
    codes.append(code)
emit({"codes": codes})
