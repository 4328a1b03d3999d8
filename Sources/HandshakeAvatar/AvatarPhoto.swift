// Establishes how any PNG or JPEG photo becomes a card's avatar: a picture that already fits the card's
// limit is kept byte for byte; a larger one is read, turned the right way up, scaled down and written
// as a JPEG, trying sizes and qualities from the best down until the result fits, as phone address books do
// with a camera photo. Card validation itself never decodes images (HandshakeCore's `Avatar` checks only the
// signature bytes); this decoder runs only on a photo the user picked on their own device.
import HandshakeCore
import HandshakePictures

/// Makes a photo of any size into an `Avatar` (HandshakeCore) that fits on a card.
///
/// ```swift
/// let fitted = try AvatarPhoto.fit(photoBytes)
/// card.avatar = fitted.avatar
/// if let shrink = fitted.shrink { print("Shrunk from \(shrink.from) to \(shrink.to).") }
/// ```
public enum AvatarPhoto {
    /// The largest photo file read: 64 MiB, beyond any camera's JPEG.
    public static let maxInputBytes = 64 << 20
    /// The most pixels decoded at once (40 million; a larger JPEG is read at a reduced scale first).
    public static let maxPixels = 40_000_000
    /// The longest side of a shrunk avatar, when that fits: as large as a contact photo is ever shown.
    public static let preferredSide = 512

    /// Longest sides tried, largest first, and the JPEG qualities tried at each.
    static let sides = [512, 384, 256, 192, 128, 96, 64]
    static let qualities = [85, 75, 65]

    /// A small copy of a card's `avatar` for the list of people nearby, within `limit` bytes (HandshakeNearby's
    /// `NearbyCoordinator.Configuration.listPhotoBytes`): the avatar itself when it fits, else shrunk as
    /// ``fit(_:within:)`` shrinks; `nil` when there is no avatar or it cannot be read.
    public static func listPhoto(of avatar: Avatar?, within limit: Int) -> Avatar? {
        guard let avatar else { return nil }
        return try? fit(avatar.data, within: limit).avatar
    }

    /// `photo` as an avatar of at most `limit` bytes: unchanged when it is a PNG or JPEG that fits, else
    /// shrunk to a JPEG.
    /// - Throws: ``AvatarPhotoError`` when the bytes are not a readable PNG or JPEG, or are too large to read.
    public static func fit(_ photo: [UInt8], within limit: Int = CardLimits.avatarBytes) throws(AvatarPhotoError) -> FittedAvatar {
        guard photo.count <= maxInputBytes else { throw .fileTooLarge(bytes: photo.count) }
        let decoded: DecodedPicture
        do throws(PictureDecodingError) {
            _ = try PictureFormat(photo)  // not a PNG or JPEG is refused even when it is small
            if photo.count <= limit, let avatar = try? Avatar(data: photo) {
                return FittedAvatar(avatar: avatar, shrink: nil)
            }
            // A JPEG is read at the smallest scale that still covers the largest avatar.
            decoded = try PictureDecoder.decode(photo, as: .rgb, longestSide: preferredSide, maxPixels: maxPixels)
        } catch {
            throw AvatarPhotoError(error)
        }
        let image = decoded.bitmap
        let seenSize = PixelSize(width: decoded.fullWidth, height: decoded.fullHeight)
        // The full picture is averaged down once; the smaller tries start from that, which costs a fraction.
        let largest = image.scaled(toFit: sides[0])
        for side in sides {
            let smaller = largest.scaled(toFit: side)
            for quality in qualities {
                let jpeg = try JPEGEncoder.encode(smaller, quality: quality)
                if jpeg.count <= limit, let avatar = try? Avatar(data: jpeg) {
                    return FittedAvatar(
                        avatar: avatar,
                        shrink: .init(from: seenSize, to: PixelSize(width: smaller.width, height: smaller.height), originalBytes: photo.count, quality: quality))
                }
            }
        }
        throw .cannotFit(limit: limit)
    }
}

/// A photo made into an avatar, and what was done to it.
public struct FittedAvatar: Sendable, Hashable {
    /// The avatar, ready for a card.
    public let avatar: Avatar
    /// How the photo was shrunk, or `nil` when it fitted as it was.
    public let shrink: Shrink?

    /// What shrinking a photo did.
    public struct Shrink: Sendable, Hashable {
        /// The photo's size as seen (after turning it the right way up).
        public let from: PixelSize
        /// The avatar's size.
        public let to: PixelSize
        /// The photo file's size in bytes.
        public let originalBytes: Int
        /// The JPEG quality (1–100) the avatar was written at.
        public let quality: Int
    }
}
