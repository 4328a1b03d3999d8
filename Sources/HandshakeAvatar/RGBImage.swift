// Establishes the decoded picture the shrinker works on: 8-bit RGB, three bytes a pixel, rows top to bottom,
// no padding. Transparency is already gone (PNGDecoder composites it onto white) and so is any colour
// profile: an avatar is a small picture seen on a screen, not a print master.

/// A decoded picture: `width × height` pixels of red, green and blue bytes.
struct RGBImage: Sendable {
    let width: Int
    let height: Int
    /// `width × height × 3` bytes.
    var pixels: [UInt8]

    var size: PixelSize { PixelSize(width: width, height: height) }

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "an RGB image holds three bytes a pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
