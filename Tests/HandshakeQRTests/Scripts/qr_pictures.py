#!/usr/bin/env python3
"""Pictures of QR codes made with segno and Pillow (which we did not write), for the picture reader's tests.

Reads a JSON object on stdin, prints one on stdout:
  {"op": "photo", "data": hex, "width", "height", "orientation": 1-8, "angle": degrees, "module": pixels,
   "quality"?: JPEG quality, "code"?: false}
      -> {"stored": base64 JPEG, "seen": base64 PNG}
      A grainy photo with the code pasted in, turned by `angle`. "seen" is the picture as a viewer shows it;
      "stored" is that picture stored the way a camera stores it for Exif `orientation` (the pixels turned
      back, the tag saying how to turn them), so that Pillow's exif_transpose of "stored" is "seen" (checked
      here). With "code": false, the same photo with no code in it.
  {"op": "png", "data": hex, "module": pixels, "mode": "transparent" | "grey16" | "palette" | "rgb"}
      -> {"png": base64}
      The code alone: dark modules on a transparent background, as 16-bit grey, as a palette picture, or RGB.
"""
import base64
import io
import json
import random
import sys

try:
    import segno
    from PIL import Image, ImageOps
except ImportError as missing:
    sys.stderr.write(f"{missing.name} is not installed: run `python3 -m pip install segno Pillow`\n")
    sys.exit(3)

# The transpose that undoes each Exif orientation's turn (exif_transpose applies the turn itself).
UNDO = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}


def code_image(data, module):
    out = io.BytesIO()
    segno.make_qr(data, error="m").save(out, kind="png", scale=module, border=4)
    return Image.open(io.BytesIO(out.getvalue())).convert("L")


def photo(request):
    width, height = request["width"], request["height"]
    grain = random.Random(11)
    seen = Image.new("RGB", (width, height))
    # A dim, grainy gradient (a desk, a wall), so the code is not on a clean page.
    seen.putdata([
        (min(255, 90 + x * 80 // width + grain.randint(-25, 25)),
         min(255, 70 + y * 60 // height + grain.randint(-25, 25)),
         min(255, 60 + grain.randint(-25, 25)))
        for y in range(height) for x in range(width)
    ])
    if request.get("code", True):
        code = code_image(bytes.fromhex(request["data"]), request["module"])
        code = code.rotate(request.get("angle", 0), expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
        seen.paste(code.convert("RGB"), ((width - code.width) // 3, (height - code.height) // 2))
    orientation = request.get("orientation", 1)
    stored = seen.transpose(UNDO[orientation]) if UNDO[orientation] is not None else seen.copy()
    exif = Image.Exif()
    if orientation != 1:
        exif[0x0112] = orientation
    out = io.BytesIO()
    stored.save(out, "JPEG", quality=request.get("quality", 85), exif=exif.tobytes())
    check = ImageOps.exif_transpose(Image.open(io.BytesIO(out.getvalue())))
    if check.size != seen.size:
        sys.exit(f"orientation {orientation}: exif_transpose gives {check.size}, expected {seen.size}")
    seen_png = io.BytesIO()
    seen.save(seen_png, "PNG")
    return {"stored": base64.b64encode(out.getvalue()).decode(), "seen": base64.b64encode(seen_png.getvalue()).decode()}


def png(request):
    code = code_image(bytes.fromhex(request["data"]), request["module"])
    mode = request["mode"]
    if mode == "transparent":
        # Dark modules opaque black, light ones fully transparent (and black underneath, as many tools write
        # them): only a reader that lays the picture on white sees the code.
        image = Image.new("RGBA", code.size, (0, 0, 0, 0))
        image.putalpha(code.point(lambda value: 255 - value))
    elif mode == "grey16":
        image = code.convert("I").point(lambda value: value * 257).convert("I;16")
    elif mode == "palette":
        image = code.convert("RGB").convert("P", palette=Image.Palette.ADAPTIVE, colors=4)
    else:
        image = code.convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG")
    return {"png": base64.b64encode(out.getvalue()).decode()}


def main():
    request = json.load(sys.stdin)
    answer = {"photo": photo, "png": png}[request["op"]](request)
    json.dump(answer, sys.stdout)


main()
