// Establishes why a photo could not be made into an avatar, each reason with a sentence that tells the person
// what to do about it. It does not cover a photo that is fine but needs shrinking: that is not an error.
import Foundation
import HandshakeCore
import HandshakePictures

/// Why a photo could not become an avatar.
public enum AvatarPhotoError: HandshakeError, Hashable {
    /// The bytes are not a PNG or JPEG picture; `kind` says what they look like ("a HEIC photo", "text").
    case notPNGOrJPEG(kind: String)
    /// The file is larger than ``AvatarPhoto/maxInputBytes``.
    case fileTooLarge(bytes: Int)
    /// The picture has more pixels than ``AvatarPhoto/maxPixels`` even at the smallest scale it can be read at.
    case tooManyPixels(PixelSize)
    /// The picture's decoder refused it; `format` is `PNG` or `JPEG`, `reason` the decoder's words.
    case unreadable(format: String, reason: String)
    /// A JPEG in CMYK colours (as print software writes), which the decoder cannot turn into screen colours.
    case cmykJPEG
    /// Even the smallest picture at the lowest quality is larger than the limit.
    case cannotFit(limit: Int)

    /// A sentence for the person who chose the photo.
    public var description: String {
        switch self {
        case .notPNGOrJPEG(let kind):
            return "This file is \(kind); Handshake reads PNG and JPEG pictures. Save it as JPEG or PNG and try again."
        case .fileTooLarge(let bytes):
            return "The picture is \(bytes.groupedDigits) bytes; Handshake reads pictures of up to \(AvatarPhoto.maxInputBytes.groupedDigits) bytes."
        case .tooManyPixels(let size):
            return "The picture is \(size) pixels, too many to shrink here; make it smaller than \(AvatarPhoto.maxPixels.groupedDigits) pixels first."
        case .unreadable(let format, let reason):
            return "The \(format) picture can't be read (\(reason)). It may be damaged; try saving it again."
        case .cmykJPEG:
            return "The JPEG uses print (CMYK) colours, which Handshake can't shrink. Save it as an RGB JPEG or a PNG."
        case .cannotFit(let limit):
            return "The picture does not fit in \(limit.groupedDigits) bytes even at 64 pixels across."
        }
    }
}

extension AvatarPhotoError {
    /// The avatar's words for why the photo could not be read.
    init(_ error: PictureDecodingError) {
        switch error {
        case .notPNGOrJPEG(let kind): self = .notPNGOrJPEG(kind: kind)
        case .tooManyPixels(let width, let height): self = .tooManyPixels(PixelSize(width: width, height: height))
        case .unreadable(let format, let reason): self = .unreadable(format: format, reason: reason)
        case .cmykJPEG: self = .cmykJPEG
        }
    }
}
