"""Makes test photos with Pillow and checks the avatars Handshake made from them against Pillow's own reading.

Reads a JSON object on stdin, prints one on stdout:
  {"op": "jpeg", "width", "height", "orientation", "quality", "noise"?, "cmyk"?}  -> {"bytes": base64}
  {"op": "png", "width", "height", "alpha"}                             -> {"bytes": base64}
  {"op": "pngHeader", "width", "height"}                                -> {"bytes": base64} (a header, a few bytes of image data)
  {"op": "compare", "original": base64, "avatar": base64}
      -> {"format", "width", "height", "meanDifference", "worstChannelDifference"}
The comparison turns the original the way its Exif Orientation says (ImageOps.exif_transpose), lays any
transparency on white, scales it with Pillow's BOX filter to the avatar's size, and measures how far the
avatar's pixels are from that, in 0-255 units.
"""
import base64
import io
import json
import random
import struct
import sys
import zlib

from PIL import Image, ImageOps


def pattern(width, height, alpha=False, noise=0):
    # Four quadrants of clearly different colours with a gradient across each, so that a picture turned or
    # mirrored the wrong way differs from the reference by far more than JPEG's rounding.
    image = Image.new("RGBA" if alpha else "RGB", (width, height))
    pixels = image.load()
    corners = [(220, 40, 40), (40, 200, 60), (40, 60, 220), (230, 210, 40)]
    jitter = random.Random(7)
    for y in range(height):
        for x in range(width):
            quadrant = (1 if x >= width // 2 else 0) + (2 if y >= height // 2 else 0)
            r, g, b = corners[quadrant]
            shade = (x + y) * 60 // (width + height)
            grain = jitter.randint(-noise, noise) if noise else 0
            colour = tuple(max(0, min(255, channel + shade + grain)) for channel in (r, g, b))
            if alpha:
                pixels[x, y] = colour + ((x * 255) // max(1, width - 1),)
            else:
                pixels[x, y] = colour
    return image


def main():
    request = json.load(sys.stdin)
    op = request["op"]
    if op == "jpeg":
        image = pattern(request["width"], request["height"], noise=request.get("noise", 0))
        out = io.BytesIO()
        exif = Image.Exif()
        if request.get("orientation", 1) != 1:
            exif[0x0112] = request["orientation"]
        if request.get("cmyk"):
            image = image.convert("CMYK")
        image.save(out, "JPEG", quality=request.get("quality", 95), exif=exif.tobytes())
        print(json.dumps({"bytes": base64.b64encode(out.getvalue()).decode()}))
    elif op == "png":
        image = pattern(request["width"], request["height"], alpha=request.get("alpha", False))
        out = io.BytesIO()
        image.save(out, "PNG")
        print(json.dumps({"bytes": base64.b64encode(out.getvalue()).decode()}))
    elif op == "pngHeader":
        ihdr = struct.pack(">IIBBBBB", request["width"], request["height"], 8, 2, 0, 0, 0)
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
        print(json.dumps({"bytes": base64.b64encode(png).decode()}))
    elif op == "compare":
        original = Image.open(io.BytesIO(base64.b64decode(request["original"])))
        original = ImageOps.exif_transpose(original)
        if original.mode in ("RGBA", "LA", "P"):
            original = original.convert("RGBA")
            white = Image.new("RGBA", original.size, (255, 255, 255, 255))
            original = Image.alpha_composite(white, original)
        original = original.convert("RGB")
        avatar = Image.open(io.BytesIO(base64.b64decode(request["avatar"])))
        avatar_format = avatar.format
        avatar = avatar.convert("RGB")
        reference = original.resize(avatar.size, Image.Resampling.BOX)
        total = 0
        worst = 0
        a = avatar.tobytes()
        b = reference.tobytes()
        for left, right in zip(a, b):
            difference = abs(left - right)
            total += difference
            worst = max(worst, difference)
        print(json.dumps({
            "format": avatar_format,
            "width": avatar.size[0],
            "height": avatar.size[1],
            "meanDifference": total / len(a),
            "worstChannelDifference": worst,
        }))
    else:
        raise SystemExit(f"unknown op {op}")


if __name__ == "__main__":
    main()
