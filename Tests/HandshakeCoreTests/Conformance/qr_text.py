"""Decodes a card's QR text with the independent `base45` package (RFC 9285).
Input: {"qrText": "HS1:...", "card": hex}. Checks the prefix, the QR alphanumeric alphabet, and the bytes."""
from _support import require, read_input, check, emit

base45 = require("base45")
request = read_input()
text = request["qrText"]
check(text.startswith("HS1:"), "QR text does not start with HS1:")
alphanumeric = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
check(set(text) <= alphanumeric, "QR text leaves the QR alphanumeric character set")
decoded = base45.b45decode(text[4:])
check(decoded == bytes.fromhex(request["card"]), "base45 decodes the QR text to different bytes")
check(base45.b45encode(decoded).decode("ascii") == text[4:], "base45 re-encodes to a different text")
emit({"bytes": len(decoded)})
