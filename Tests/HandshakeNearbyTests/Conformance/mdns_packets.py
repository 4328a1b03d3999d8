#!/usr/bin/env python3
"""Reads and writes multicast DNS packets with python-zeroconf's own codec (code we did not write).

Input (JSON on stdin):
  {"parse": ["<hex>", ...]}  → {"parsed": [{"flags", "questions": [...], "records": [...]}]}
  {"build": {"instance": "...", "port": 4242, "host": "h.local.", "address": "10.213.0.2", "txt": {"v": "1"}}}
                             → {"built": "<hex of a compressed response: PTR, SRV, TXT, A>"}
"""
import json
import socket
import sys

from zeroconf import DNSAddress, DNSIncoming, DNSOutgoing, DNSPointer, DNSService, DNSText
from zeroconf.const import _CLASS_IN, _FLAGS_AA, _FLAGS_QR_RESPONSE, _TYPE_A, _TYPE_PTR, _TYPE_SRV, _TYPE_TXT

TYPE = "_handshake._tcp.local."


def describe(record):
    entry = {"name": record.name, "type": record.type, "ttl": record.ttl, "cacheFlush": record.unique}
    if isinstance(record, DNSPointer):
        entry["alias"] = record.alias
    elif isinstance(record, DNSService):
        entry.update(port=record.port, server=record.server, priority=record.priority, weight=record.weight)
    elif isinstance(record, DNSText):
        strings, data, i = [], record.text, 0
        while i < len(data):
            n = data[i]
            strings.append(data[i + 1 : i + 1 + n].decode("utf-8", "replace"))
            i += 1 + n
        entry["strings"] = strings
    elif isinstance(record, DNSAddress):
        entry["address"] = socket.inet_ntoa(record.address) if len(record.address) == 4 else record.address.hex()
    return entry


def build(spec):
    name = f'{spec["instance"]}.{TYPE}'
    out = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
    text = b"".join(bytes([len(s)]) + s for s in (f"{k}={v}".encode() for k, v in spec["txt"].items()))
    out.add_answer_at_time(DNSPointer(TYPE, _TYPE_PTR, _CLASS_IN, 4500, name), 0)
    out.add_answer_at_time(DNSService(name, _TYPE_SRV, _CLASS_IN | 0x8000, 120, 0, 0, spec["port"], spec["host"]), 0)
    out.add_answer_at_time(DNSText(name, _TYPE_TXT, _CLASS_IN | 0x8000, 4500, text), 0)
    out.add_answer_at_time(
        DNSAddress(spec["host"], _TYPE_A, _CLASS_IN | 0x8000, 120, socket.inet_aton(spec["address"])), 0
    )
    return out.packets()[0].hex()


def main():
    request = json.load(sys.stdin)
    if "build" in request:
        json.dump({"built": build(request["build"])}, sys.stdout)
        return
    parsed = []
    for packet in request["parse"]:
        incoming = DNSIncoming(bytes.fromhex(packet))
        if not incoming.valid:
            raise SystemExit(f"zeroconf could not parse {packet}")
        parsed.append(
            {
                "flags": incoming.flags,
                "questions": [{"name": q.name, "type": q.type, "unicast": q.unicast} for q in incoming.questions],
                "records": [describe(r) for r in incoming.answers()],
            }
        )
    json.dump({"parsed": parsed}, sys.stdout)


if __name__ == "__main__":
    main()
