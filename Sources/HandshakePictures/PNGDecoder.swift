// Establishes how PNG pictures are read: by libpng's simplified API (png_image), which handles every colour
// type and bit depth, reports errors in the struct instead of jumping out, and converts to 8-bit RGBA.
// Transparent pixels are then laid on white, as address books show a transparent photo and as a QR code
// drawn on a transparent background is meant to be seen (laid on black, its light modules would vanish).
import CHandshakePNG

enum PNGDecoder {
    static func decode(_ png: [UInt8], as layout: Bitmap.Layout, maxPixels: Int) throws(PictureDecodingError) -> Bitmap {
        // libpng reads from the buffer until finish_read returns, so both calls run inside one borrow of it.
        let read = png.withUnsafeBufferPointer { buffer in readRGBA(buffer, maxPixels: maxPixels) }
        let (width, height, rgba) = try read.get()
        let count = width * height
        var pixels = [UInt8](repeating: 0, count: count * layout.channels)
        rgba.withUnsafeBufferPointer { rgba in
            pixels.withUnsafeMutableBufferPointer { out in
                for pixel in 0..<count {
                    let alpha = UInt32(rgba[pixel * 4 + 3])
                    // Over white: colour × alpha + 255 × (1 − alpha), in 8-bit fixed point, rounded.
                    func onWhite(_ channel: Int) -> UInt32 {
                        (UInt32(rgba[pixel * 4 + channel]) * alpha + 255 * (255 - alpha) + 127) / 255
                    }
                    switch layout {
                    case .rgb:
                        out[pixel * 3] = UInt8(onWhite(0))
                        out[pixel * 3 + 1] = UInt8(onWhite(1))
                        out[pixel * 3 + 2] = UInt8(onWhite(2))
                    case .grey:
                        // Luma as JPEG's YCbCr has it (ITU-R BT.601), in 8-bit fixed point: what the JPEG
                        // decoder's grey output is, so both formats give a reader the same brightness.
                        out[pixel] = UInt8((77 * onWhite(0) + 150 * onWhite(1) + 29 * onWhite(2) + 128) >> 8)
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, layout: layout, pixels: pixels)
    }

    private static func readRGBA(_ png: UnsafeBufferPointer<UInt8>, maxPixels: Int) -> Result<(Int, Int, [UInt8]), PictureDecodingError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // On failure, begin_read and finish_read free what they allocated themselves.
        guard png_image_begin_read_from_memory(&image, png.baseAddress, png.count) != 0 else {
            return .failure(.unreadable(format: "PNG", reason: message(&image)))
        }
        let (width, height) = (Int(image.width), Int(image.height))
        guard Bitmap.pixelCount(width: width, height: height) <= maxPixels else {
            png_image_free(&image)
            return .failure(.tooManyPixels(width: width, height: height))
        }
        // PNG_FORMAT_RGBA is a macro of macros that Swift does not import: colour (0x02) with alpha (0x01).
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { target in png_image_finish_read(&image, nil, target.baseAddress, 0, nil) }
        guard finished != 0 else { return .failure(.unreadable(format: "PNG", reason: message(&image))) }
        return .success((width, height, rgba))
    }

    private static func message(_ image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "no reason given" : text
    }
}
