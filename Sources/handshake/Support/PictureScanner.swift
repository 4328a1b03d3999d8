import Foundation

/// Finds and decodes the QR code in a picture (a screenshot or a photo, PNG or JPEG) with zbar's
/// `zbarimg`, a decoder we did not write and that has met far more real photos than we could test.
///
/// It runs as a separate process: a hostile image can at worst crash that process, never this one, and no
/// image library is linked into Handshake. The picture's size is bounded before zbar sees it, image
/// dimensions are bounded by ImageMagick's resource policy inside zbarimg, and a scan that takes too long
/// is stopped.
enum PictureScanner {
    static let maxFileBytes = 32 * 1024 * 1024
    static let timeout: TimeInterval = 30

    enum ScanError: Error, CustomStringConvertible {
        case noSuchFile(String)
        case tooLarge(String, bytes: Int)
        case notAnImage(String)
        case noQRCode(String)
        case zbarMissing
        case timedOut(String)

        var description: String {
            switch self {
            case .noSuchFile(let path): return "There is no picture at \(path)."
            case .tooLarge(let path, let bytes): return "\(path) is \(bytes / 1_048_576) MB; pictures up to \(PictureScanner.maxFileBytes / 1_048_576) MB are scanned."
            case .notAnImage(let path): return "\(path) is not a picture that can be read (PNG or JPEG)."
            case .noQRCode(let path): return "No QR code was found in \(path). Try a sharper or closer picture."
            case .zbarMissing: return "Scanning pictures needs zbarimg, which is not installed. Install it with: sudo apt-get install zbar-tools"
            case .timedOut(let path): return "Scanning \(path) took longer than \(Int(PictureScanner.timeout)) seconds and was stopped."
            }
        }
    }

    /// The text of the first QR code in the picture at `path`.
    static func scan(_ path: String) throws(ScanError) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int
        else { throw .noSuchFile(path) }
        guard size <= maxFileBytes else { throw .tooLarge(path, bytes: size) }
        guard let zbarimg = executable(named: "zbarimg") else { throw .zbarMissing }

        let process = Process()
        process.executableURL = zbarimg
        // QR codes only, first symbol only, bytes as they are, no desktop-bus chatter.
        process.arguments = ["--nodbus", "--quiet", "--raw", "--oneshot", "-Sdisable", "-Sqrcode.enable", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw .zbarMissing }

        // A QR code holds under 3 KB, far below a pipe's buffer, so waiting before reading cannot stall.
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw .timedOut(path)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        switch process.terminationStatus {
        case 0:
            var bytes = [UInt8](data)
            if bytes.last == 0x0A { bytes.removeLast() }  // --raw ends each symbol with a newline
            return bytes
        case 4:
            throw .noQRCode(path)
        default:
            throw .notAnImage(path)
        }
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
