// Establishes the decoded picture that the avatar shrinker and the QR reader work on: 8-bit samples, one
// (grey) or three (red, green, blue) a pixel, rows top to bottom, no padding. Transparency is already gone
// (laid on white, as address books and QR readers show a transparent picture) and so is any colour
// profile: these pictures are shrunk for a screen or searched for a code, never printed.

/// A decoded picture: `width × height` pixels of `layout.channels` bytes each.
package struct Bitmap: Sendable {
    /// What each pixel holds.
    package enum Layout: Int, Sendable {
        /// One byte a pixel: its brightness (what a QR reader looks at).
        case grey = 1
        /// Three bytes a pixel: red, green, blue.
        case rgb = 3

        /// Bytes a pixel.
        package var channels: Int { rawValue }
    }

    package let width: Int
    package let height: Int
    package let layout: Layout
    /// `width × height × layout.channels` bytes.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, layout: Layout, pixels: [UInt8]) {
        precondition(pixels.count == width * height * layout.channels, "a bitmap holds its layout's bytes for every pixel")
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
    }

    /// `width × height`, or `Int.max` when that overflows (no picture has so many pixels: it is refused).
    package static func pixelCount(width: Int, height: Int) -> Int {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : count
    }
}
