// Establishes how PNG pictures are read: by libpng's simplified API (png_image), which handles every colour
// type and bit depth, reports errors in the struct instead of jumping out, and converts to 8-bit RGBA.
// Transparent pixels are then laid on white, as address books show a transparent photo, because the
// avatar is written as a JPEG, which has no transparency.
import CHandshakePNG

enum PNGDecoder {
    static func decode(_ png: [UInt8], maxPixels: Int) throws(AvatarPhotoError) -> RGBImage {
        // libpng reads from the buffer until finish_read returns, so both calls run inside one borrow of it.
        let read = png.withUnsafeBufferPointer { buffer in readRGBA(buffer, maxPixels: maxPixels) }
        let (size, rgba) = try read.get()
        var rgb = [UInt8](repeating: 0, count: size.area * 3)
        for pixel in 0..<size.area {
            let alpha = UInt32(rgba[pixel * 4 + 3])
            for channel in 0..<3 {
                // Over white: colour × alpha + 255 × (1 − alpha), in 8-bit fixed point, rounded.
                let colour = UInt32(rgba[pixel * 4 + channel])
                rgb[pixel * 3 + channel] = UInt8((colour * alpha + 255 * (255 - alpha) + 127) / 255)
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: rgb)
    }

    private static func readRGBA(_ png: UnsafeBufferPointer<UInt8>, maxPixels: Int) -> Result<(PixelSize, [UInt8]), AvatarPhotoError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // On failure, begin_read and finish_read free what they allocated themselves.
        guard png_image_begin_read_from_memory(&image, png.baseAddress, png.count) != 0 else {
            return .failure(.unreadable(format: "PNG", reason: message(&image)))
        }
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        guard size.area <= maxPixels else {
            png_image_free(&image)
            return .failure(.tooManyPixels(size))
        }
        // PNG_FORMAT_RGBA is a macro of macros that Swift does not import: colour (0x02) with alpha (0x01).
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: size.area * 4)
        let finished = rgba.withUnsafeMutableBytes { target in png_image_finish_read(&image, nil, target.baseAddress, 0, nil) }
        guard finished != 0 else { return .failure(.unreadable(format: "PNG", reason: message(&image))) }
        return .success((size, rgba))
    }

    private static func message(_ image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "no reason given" : text
    }
}
