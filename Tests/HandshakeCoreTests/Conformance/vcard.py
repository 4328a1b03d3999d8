"""Parses a Handshake vCard with the independent `vobject` package (readOne) and compares its values.
Input: {"vcard": text, "expect": {"fn": ..., "org": ..., "emails": [...], "tels": [...], "nodeId": ...}}."""
from _support import require, read_input, check, emit

vobject = require("vobject")
request = read_input()
expect = request["expect"]
card = vobject.readOne(request["vcard"])


def values(name):
    return [line.value for line in card.contents.get(name, [])]


check(values("fn") == [expect["fn"]], f"FN is {values('fn')!r}")
org = values("org")
org_text = org[0][0] if org and isinstance(org[0], list) else (org[0] if org else None)
check(org_text == expect["org"], f"ORG is {org!r}")
check(values("email") == expect["emails"], f"EMAIL is {values('email')!r}")
check(values("tel") == expect["tels"], f"TEL is {values('tel')!r}")
check(values("x-handshake-nodeid") == [expect["nodeId"]], f"X-HANDSHAKE-NODEID is {values('x-handshake-nodeid')!r}")
if "title" in expect:
    check(values("title") == [expect["title"]], f"TITLE is {values('title')!r}")
if "note" in expect:
    check(values("note") == [expect["note"]], f"NOTE is {values('note')!r}")
if "card" in expect:
    import base64
    embedded = values("x-handshake-card")[0]
    raw = base64.urlsafe_b64decode(embedded + "=" * (-len(embedded) % 4))
    check(raw.hex() == expect["card"], "X-HANDSHAKE-CARD does not hold the signed card")
emit({"properties": sorted(card.contents.keys())})
