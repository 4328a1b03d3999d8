/// A card's picture: a PNG or JPEG image of at most ``CardLimits/avatarBytes`` bytes.
///
/// Only the format's signature bytes are checked; the image is never decoded here, so a hostile image
/// cannot reach an image decoder through the card pipeline.
public struct Avatar: Sendable, Hashable {
    /// The image file's bytes.
    public let data: [UInt8]
    /// `image/png` or `image/jpeg`.
    public let mediaType: String

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// An avatar from image bytes; throws unless they are a PNG or JPEG within the size limit.
    public init(data: [UInt8]) throws(CardFieldError) {
        guard data.count <= CardLimits.avatarBytes else {
            throw .avatarTooLarge(bytes: data.count)
        }
        if data.starts(with: Self.pngSignature) {
            mediaType = "image/png"
        } else if data.starts(with: Self.jpegSignature) {
            mediaType = "image/jpeg"
        } else {
            throw .avatarNotAnImage
        }
        self.data = data
    }
}
