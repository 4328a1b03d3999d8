"""Reads a card page link (docs/formats/card.md §5.3) with Python's own URL parser and integers, and measures
its QR code with the independent `segno` package.
Input: {"link": "https://SERVER/c#DIGITS", "card": hex}. Checks that urllib finds the card in the fragment, that
the digits decode (7 bytes from each 17 digits, a last chunk of k bytes from the fewest digits that hold it) to
the card's bytes and encode back to the same digits; emits the QR versions at error correction M of the link and
of the card's HS1: text (segno, mixed segments chosen by hand: the link's address in byte mode, its digits in
numeric mode; the HS1: text in alphanumeric mode)."""
from urllib.parse import urlsplit
from _support import require, read_input, check, emit

segno = require("segno")
base45 = require("base45")
from segno.consts import MODE_BYTE, MODE_NUMERIC, MODE_ALPHANUMERIC

request = read_input()
link, card = request["link"], bytes.fromhex(request["card"])
parts = urlsplit(link)
check(parts.scheme in ("http", "https"), f"the scheme is {parts.scheme}")
check(parts.path.endswith("/c") and parts.query == "", f"the path is {parts.path}, the query {parts.query!r}")
digits = parts.fragment
check(digits.isascii() and digits.isdigit(), "the fragment is not all digits")

SIZES = [0, 3, 5, 8, 10, 13, 15, 17]
check(len(digits) % 17 in SIZES, f"{len(digits)} digits cut a chunk short")
decoded = b""
for start in range(0, len(digits), 17):
    chunk = digits[start:start + 17]
    size = SIZES.index(len(chunk))
    check(int(chunk) < 256 ** size, f"the digits at {start} are too large for {size} bytes")
    decoded += int(chunk).to_bytes(size, "big")
check(decoded == card, "the digits decode to other bytes than the card")
encoded = "".join(str(int.from_bytes(card[i:i + 7], "big")).zfill(SIZES[len(card[i:i + 7])]) for i in range(0, len(card), 7))
check(encoded == digits, "Python writes other digits for the card")

address = link[:link.index("#") + 1]
page = segno.make([(address, MODE_BYTE), (digits, MODE_NUMERIC)], error="M", boost_error=False)
qr_text = segno.make([("HS1:" + base45.b45encode(card).decode("ascii"), MODE_ALPHANUMERIC)], error="M", boost_error=False)
emit({"bytes": len(decoded), "linkVersion": page.version, "qrTextVersion": qr_text.version})
