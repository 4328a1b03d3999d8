// Establishes the width and height of a picture in pixels, as printed to a person ("512×384"). It holds no
// pixels; HandshakePictures' Bitmap does.

/// A picture's width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// A size of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size as a person writes it: `4032×3024`.
    public var description: String { "\(width)×\(height)" }
}
