// Establishes why a picture gave no text, each as a sentence a person can act on.
#if os(Linux) || os(macOS)

/// Why ``QRPictureReader`` found no QR code text in a picture.
public enum QRPictureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case noSuchFile(String)
    /// The path names a folder.
    case folder(String)
    /// The picture is larger than ``QRPictureReader/maxPictureBytes``.
    case tooLarge(String, bytes: Int)
    /// zbar could not read it as a picture.
    case notAPicture(String)
    /// A picture, but no QR code was found in it.
    case noQRCode(String)
    /// `zbarimg` is not installed.
    case zbarMissing
    /// The scan took longer than the reader's timeout.
    case timedOut(String, after: Duration)
    /// The picture could not be written where zbar could read it.
    case unwritable(String)

    /// The sentence to show.
    public var description: String {
        switch self {
        case .noSuchFile(let path): return "There is no picture at \(path)."
        case .folder(let path): return "\(path) is a folder, not a picture."
        case .tooLarge(let name, let bytes):
            return "\(Self.capitalized(name)) is \(bytes / 1_048_576) MB; pictures up to \(QRPictureReader.maxPictureBytes / 1_048_576) MB are scanned."
        case .notAPicture(let name): return "\(Self.capitalized(name)) is not a picture that can be read (PNG or JPEG)."
        case .noQRCode(let name): return "No QR code was found in \(name). Try a sharper or closer picture."
        case .zbarMissing: return "Scanning pictures needs zbarimg, which is not installed. Install it with: sudo apt-get install zbar-tools"
        case .timedOut(let name, let after):
            return "Scanning \(name) took longer than \(after.components.seconds) seconds and was stopped."
        case .unwritable(let folder): return "The picture could not be written to \(folder) for scanning."
        }
    }

    /// "The picture" at the start of a sentence; a path as it is.
    private static func capitalized(_ name: String) -> String {
        name.hasPrefix("the ") ? "The " + name.dropFirst(4) : name
    }
}
#endif
