import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials

/// Where a command reads a card from: a file, standard input (`-`), or the card text itself.
enum InputSource {
    /// The card input of `add` and `card verify`: the QR code scanned from `image` when one is given,
    /// otherwise `argument` read as above. A picture that yields nothing is a rejection (exit 1), like a
    /// card that fails verification.
    static func read(_ argument: String, orScanning image: String?) throws -> [UInt8] {
        guard let image else { return try read(argument) }
        do throws(PictureScanner.ScanError) {
            return try PictureScanner.scan(image)
        } catch {
            Output.error("Rejected: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// Reads at most `limit` + 1 bytes, so an oversized input is recognised without reading all of it.
    static func read(_ argument: String, limit: Int = CardText.maxInputBytes) throws -> [UInt8] {
        if argument == "-" {
            return try readBounded(FileHandle.standardInput, limit: limit)
        }
        if FileManager.default.fileExists(atPath: argument) {
            guard let handle = FileHandle(forReadingAtPath: argument) else {
                throw ValidationError("\(argument) can't be opened for reading.")
            }
            defer { try? handle.close() }
            return try readBounded(handle, limit: limit)
        }
        // Not a file: accept the card text itself when it looks like one. `HS1:` and the link's prefix say so
        // whatever follows (a damaged card is then reported as damaged); a short run of code digits could as
        // well be a mistyped file name.
        let bytes = Array(argument.utf8)
        // A VC-JWT or card envelope given as text is read too (`add` takes the card inside a credential).
        if ScanRouter.mayCarryCard(bytes) { return bytes }
        switch CardForm.detect(bytes) {
        case .qrText?, .link?: return bytes
        case .code? where argument.count > 20: return bytes
        default: throw ValidationError("There is no file named \"\(argument)\", and it is not card text either.")
        }
    }

    static func readBounded(_ handle: FileHandle, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count <= limit, let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}
