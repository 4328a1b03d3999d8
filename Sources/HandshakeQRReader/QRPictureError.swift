// Establishes why a picture gave no text, each as a sentence a person can act on.
#if os(Linux) || os(macOS)
import HandshakeCore

/// Why ``QRPictureReader`` found no QR code text in a picture.
public enum QRPictureError: HandshakeError, Hashable {
    /// Nothing is at the path.
    case noSuchFile(String)
    /// The path names a folder.
    case folder(String)
    /// The file is there but cannot be read (no permission to read it, or a read error).
    case cannotRead(String)
    /// The picture is larger than ``QRPictureReader/maxPictureBytes``.
    case tooLarge(String, bytes: Int)
    /// The picture has more pixels than ``QRPictureReader/maxPixels`` even at the smallest scale it can be
    /// read at; its width and height as stored.
    case tooManyPixels(String, width: Int, height: Int)
    /// Not a PNG or JPEG that can be read.
    case notAPicture(String)
    /// A picture, but no QR code was found in it.
    case noQRCode(String)
    /// The scan took longer than the reader's timeout.
    case timedOut(String, after: Duration)

    /// The sentence to show.
    public var description: String {
        switch self {
        case .noSuchFile(let path): return "There is no picture at \(path)."
        case .folder(let path): return "\(path) is a folder, not a picture."
        case .cannotRead(let path): return "\(path) can't be read (check that you may read it)."
        case .tooLarge(let name, let bytes):
            return "\(Self.capitalized(name)) is \(bytes / 1_048_576) MB; pictures up to \(QRPictureReader.maxPictureBytes / 1_048_576) MB are scanned."
        case .tooManyPixels(let name, let width, let height):
            return "\(Self.capitalized(name)) is \(width)×\(height) pixels; pictures of up to \(QRPictureReader.maxPixels.groupedDigits) pixels are scanned."
        case .notAPicture(let name): return "\(Self.capitalized(name)) is not a picture that can be read (PNG or JPEG)."
        case .noQRCode(let name): return "No QR code was found in \(name). Try a sharper or closer picture."
        case .timedOut(let name, let after):
            return "Scanning \(name) took longer than \(after.components.seconds) seconds and was given up."
        }
    }

    /// "The picture" at the start of a sentence; a path as it is.
    private static func capitalized(_ name: String) -> String {
        name.hasPrefix("the ") ? "The " + name.dropFirst(4) : name
    }
}
#endif
