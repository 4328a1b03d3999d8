#!/usr/bin/env python3
"""The NFC session token against ndeflib (the `ndef` module of PyPI's ndeflib), an NDEF implementation we
did not write. JSON in: {"parse": hex of an NDEF message, "build": [{"type": ndeflib type string, "id": text,
"payload": hex}]}. JSON out: {"records": [{"type", "id", "payload"}] as ndeflib decodes "parse" (strictly),
"built": hex of the message ndeflib encodes from "build"}."""
import json
import sys

import ndef

request = json.load(sys.stdin)
out = {}
if request.get("parse") is not None:
    records = list(ndef.message_decoder(bytes.fromhex(request["parse"]), errors="strict"))
    out["records"] = [{"type": r.type, "id": r.name, "payload": bytes(r.data).hex()} for r in records]
if request.get("build") is not None:
    built = [ndef.Record(item["type"], item.get("id", ""), bytes.fromhex(item["payload"])) for item in request["build"]]
    out["built"] = b"".join(ndef.message_encoder(built)).hex()
json.dump(out, sys.stdout)
