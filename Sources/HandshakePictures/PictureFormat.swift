// Establishes which decoder a picture goes to, from its first bytes (a file's name says nothing reliable), and
// for the formats that cannot be read, what they are, so that the refusal can name them ("a HEIC photo").

/// The picture formats Handshake reads.
package enum PictureFormat: Sendable {
    case png
    case jpeg

    /// The format of the picture in `bytes`, or why it is not one that can be read.
    package init(_ bytes: [UInt8]) throws(PictureDecodingError) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            throw .notPNGOrJPEG(kind: Self.kind(of: bytes))
        }
    }

    /// What the bytes look like, for the sentence that refuses them.
    private static func kind(of bytes: [UInt8]) -> String {
        func at(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if bytes.isEmpty { return "empty" }
        if at(4, "ftypheic") || at(4, "ftypheix") || at(4, "ftypmif1") || at(4, "ftyphevc") { return "a HEIC photo" }
        if at(4, "ftypavif") { return "an AVIF picture" }
        if at(0, "GIF87a") || at(0, "GIF89a") { return "a GIF picture" }
        if at(0, "RIFF") && at(8, "WEBP") { return "a WebP picture" }
        if at(0, "II*\0") || at(0, "MM\0*") { return "a TIFF picture" }
        if at(0, "BM") { return "a BMP picture" }
        if at(0, "%PDF") { return "a PDF document" }
        if at(0, "<svg") || at(0, "<?xml") { return "an SVG or XML document" }
        let sample = bytes.prefix(512)
        if sample.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) }) { return "text" }
        return "of a kind Handshake does not know"
    }
}
