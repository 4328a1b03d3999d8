#!/usr/bin/env python3
"""Reference matrices from segno, for HandshakeQR's bit-for-bit comparison tests.

Reads a JSON list on stdin; each item is
    {"version": 1-40, "ec": "L|M|Q|H", "mask": 0-7 or null, "mode": "numeric|alphanumeric|byte",
     "data": text for numeric/alphanumeric, hex string of the bytes for byte mode}
and writes one JSON object per line to stdout:
    {"version": v, "mask": m, "modules": "0101..."}   (rows top to bottom, no quiet zone)
or {"error": "..."} when segno refuses the item.

segno is told exactly what HandshakeQR was told: the version, the level with boost_error=False (segno
raises the level by default when it fits), the mode, and the mask (segno numbers QR masks as the standard
does). Byte data is passed as bytes so segno does not re-encode text as ISO 8859-1.
"""
import json
import sys

try:
    import segno
except ImportError:
    sys.stderr.write("segno is not installed: run `python3 -m pip install segno`\n")
    sys.exit(3)


def main():
    items = json.load(sys.stdin)
    out = sys.stdout
    for item in items:
        data = item["data"]
        if item["mode"] == "byte":
            data = bytes.fromhex(data)
        try:
            qr = segno.make(data, error=item["ec"], version=item["version"], mode=item["mode"],
                            mask=item["mask"], micro=False, boost_error=False)
        except Exception as exc:  # report, keep going: the Swift side says which item failed
            out.write(json.dumps({"error": str(exc)}) + "\n")
            continue
        modules = "".join("".join("1" if m else "0" for m in row) for row in qr.matrix)
        out.write(json.dumps({"version": qr.version, "mask": qr.mask, "modules": modules}) + "\n")


if __name__ == "__main__":
    main()
