"""Reads a real-world vCard file with the independent `vobject` package and prints what it read, for the
corpus test to compare field by field. Input: {"path": file}. Output: {"count": n, "cards": [...]}, each
card with "name" (FN, else given/additional/family of N), "org", "title", "emails", "tels", "adr" (the
first ADR's components, in RFC order), "notes" and "photoBytes" (the decoded PHOTO's length, if inline).

vobject takes text, not bytes: the file is decoded as UTF-8, else in the first CHARSET it declares, else
as ISO-8859-1. Entries vobject cannot read are skipped (ignoreUnreadable), as an import would."""
import re
from _support import require, read_input, emit

vobject = require("vobject")
request = read_input()
raw = open(request["path"], "rb").read()
if raw.startswith(b"\xef\xbb\xbf"):
    raw = raw[3:]
try:
    text = raw.decode("utf-8")
except UnicodeDecodeError:
    match = re.search(rb"CHARSET=([A-Za-z0-9_\-]+)", raw, re.IGNORECASE)
    try:
        text = raw.decode(match.group(1).decode("ascii")) if match else raw.decode("iso-8859-1")
    except (LookupError, UnicodeDecodeError):
        text = raw.decode("iso-8859-1")


def values(card, name):
    return [line.value for line in card.contents.get(name, [])]


def as_text(value):
    if isinstance(value, list):
        return ",".join(as_text(v) for v in value)
    return value if isinstance(value, str) else ""


def strip_scheme(value, scheme):
    return value[len(scheme):] if value.lower().startswith(scheme) else value


cards = []
error = None
try:
    for card in vobject.readComponents(text, ignoreUnreadable=True):
        if card.name.upper() != "VCARD":
            continue
        fn = [as_text(v).strip() for v in values(card, "fn")]
        name = fn[0] if fn and fn[0] else None
        if name is None and values(card, "n"):
            n = values(card, "n")[0]
            parts = [as_text(getattr(n, k, "")).strip() for k in ("given", "additional", "family")] if not isinstance(n, str) else [n]
            name = " ".join(p for p in parts if p) or None
        org = values(card, "org")
        adr = values(card, "adr")
        first_adr = None
        if adr:
            a = adr[0]
            first_adr = [as_text(getattr(a, k, "")) for k in ("box", "extended", "street", "city", "region", "code", "country")] \
                if not isinstance(a, str) else [a]
        photo = None
        for line in card.contents.get("photo", []):
            if isinstance(line.value, bytes):
                photo = len(line.value)
            break
        cards.append({
            "name": name,
            "org": (as_text(org[0][0]) if isinstance(org[0], list) and org[0] else as_text(org[0])) if org else None,
            "title": as_text(values(card, "title")[0]) if values(card, "title") else None,
            "emails": [strip_scheme(as_text(v).strip(), "mailto:") for v in values(card, "email") if as_text(v).strip()],
            "tels": [strip_scheme(as_text(v).strip(), "tel:") for v in values(card, "tel") if as_text(v).strip()],
            "adr": first_adr,
            "notes": [as_text(v) for v in values(card, "note") if as_text(v)],
            "photoBytes": photo,
        })
except Exception as exception:  # vobject gave up on the rest of the file; what it read so far counts
    error = f"{type(exception).__name__}: {exception}"
emit({"count": len(cards), "cards": cards, "error": error})
