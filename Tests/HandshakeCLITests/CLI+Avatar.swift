import Foundation

extension CLI {
    /// Writes a picture file of exactly `bytes` bytes into the home folder and returns its path: the PNG
    /// signature, then filler. That is all a card checks of an avatar; the image is never decoded.
    func avatarFile(bytes: Int, name: String = "avatar.png") throws -> String {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let filler = (0..<(bytes - signature.count)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let url = file(name)
        try Data(signature + filler).write(to: url)
        return url.path
    }
}
