// Establishes the one way a PNG or JPEG file becomes pixels seen the right way up: the format from the first
// bytes, the system's libpng or libjpeg-turbo, the Exif orientation applied, a bound on the pixels decoded.
// HandshakeAvatar (shrinking a photo for a card) and HandshakeQRReader (finding the QR code in a picture) both
// read pictures through it, so a photo turned by its camera reads the same way in both.

/// A picture decoded and turned the way it is meant to be seen.
package struct DecodedPicture: Sendable {
    /// The pixels, the right way up; smaller than the picture when a JPEG was read at a reduced scale.
    package let bitmap: Bitmap
    /// The picture's full width as seen (after its Exif orientation is applied).
    package let fullWidth: Int
    /// The picture's full height as seen.
    package let fullHeight: Int
}

/// Reads PNG and JPEG pictures into ``Bitmap``s.
package enum PictureDecoder {
    /// The picture in `bytes`, as `layout` pixels, turned by its Exif orientation.
    ///
    /// - Parameters:
    ///   - longestSide: with a value, a JPEG is read at the smallest of the decoder's scales (1/2, 1/4, 1/8 …)
    ///     whose longest side is still at least this (a phone photo shrunk to an avatar need not be decoded
    ///     whole); `nil` reads it at full size, or at the largest scale that fits `maxPixels`.
    ///   - maxPixels: the most pixels decoded; a PNG over it, or a JPEG over it at every scale, is refused.
    package static func decode(
        _ bytes: [UInt8], as layout: Bitmap.Layout, longestSide: Int? = nil, maxPixels: Int
    ) throws(PictureDecodingError) -> DecodedPicture {
        switch try PictureFormat(bytes) {
        case .jpeg:
            let (stored, fullWidth, fullHeight) = try JPEGDecoder.decode(bytes, as: layout, longestSide: longestSide, maxPixels: maxPixels)
            let orientation = EXIFOrientation(jpeg: bytes)
            let (seenWidth, seenHeight) = orientation.swapsSides ? (fullHeight, fullWidth) : (fullWidth, fullHeight)
            return DecodedPicture(bitmap: stored.turned(orientation), fullWidth: seenWidth, fullHeight: seenHeight)
        case .png:
            let bitmap = try PNGDecoder.decode(bytes, as: layout, maxPixels: maxPixels)
            return DecodedPicture(bitmap: bitmap, fullWidth: bitmap.width, fullHeight: bitmap.height)
        }
    }
}
