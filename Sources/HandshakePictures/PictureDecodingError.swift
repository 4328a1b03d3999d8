// Establishes why a PNG or JPEG could not be read into pixels, in data: the avatar shrinker and the QR reader
// each turn it into their own error and sentence (AvatarPhotoError, QRPictureError), so this one never
// reaches an app and carries no sentence of its own.

/// Why ``PictureDecoder`` read no pixels.
package enum PictureDecodingError: Error, Sendable, Hashable {
    /// The bytes are not a PNG or JPEG picture; `kind` says what they look like ("a HEIC photo", "text").
    case notPNGOrJPEG(kind: String)
    /// More pixels than the caller's limit, even at the smallest scale the picture can be read at; the
    /// picture's full size as stored.
    case tooManyPixels(width: Int, height: Int)
    /// The picture's decoder refused it; `format` is `PNG` or `JPEG`, `reason` the decoder's words.
    case unreadable(format: String, reason: String)
    /// A JPEG in CMYK colours (as print software writes), which the decoder cannot turn into screen colours.
    case cmykJPEG
}
