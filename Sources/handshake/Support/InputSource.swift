import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeIntake
import HandshakeQRReader

/// Where a command reads a card from: a file, standard input (`-`), or the card text itself.
enum InputSource {
    /// The card input of `add` and `card verify`: the QR code scanned from `image` when one is given,
    /// otherwise `argument` read as above. A picture that yields nothing is a rejection (exit 1), like a
    /// card that fails verification.
    static func read(_ argument: String, orScanning image: String?) async throws -> [UInt8] {
        guard let image else { return try read(argument) }
        do throws(QRPictureError) {
            return try await QRPictureReader().read(fileAt: image)
        } catch {
            Output.error("Rejected: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// Reads at most `limit` bytes; more is refused with a sentence giving the file's real size (standard
    /// input's is not known: "more than"), without reading all of it.
    static func read(_ argument: String, limit: Int = CardText.maxInputBytes) throws -> [UInt8] {
        if argument == "-" {
            let bytes = try readBounded(FileHandle.standardInput, limit: limit)
            guard bytes.count <= limit else {
                throw CommandFailure("Standard input holds more than \(Self.size(limit)); Handshake reads at most that much of a card or code.")
            }
            return bytes
        }
        if LocalFile.exists(argument) {
            let bytes = try LocalFile.read(argument, limit: limit, holding: "the card or code")
            guard bytes.count <= limit else {
                let real = (try? FileManager.default.attributesOfItem(atPath: argument)[.size] as? Int) ?? nil
                let what = real.map { "\($0.formatted()) bytes" } ?? "more than \(Self.size(limit))"
                throw CommandFailure("\(argument) is \(what); Handshake reads at most \(Self.size(limit)) of a card or code.")
            }
            return bytes
        }
        // Not a file: accept the card text itself when it looks like one. `HS1:` and the link's prefix say so
        // whatever follows (a damaged card is then reported as damaged); a short run of code digits could as
        // well be a mistyped file name.
        let bytes = Array(argument.utf8)
        // A VC-JWT or card envelope given as text is read too (`add` takes the card inside a credential).
        if CardIntake.mayCarryCard(bytes) { return bytes }
        switch CardForm.detect(bytes) {
        case .qrText?, .link?: return bytes
        case .code? where argument.count > 20: return bytes
        default: throw ValidationError("There is no file named \"\(argument)\", and it is not card text either.")
        }
    }

    /// At most `limit` + 1 bytes of `handle` (standard input): one byte past the limit says there is more.
    static func readBounded(_ handle: FileHandle, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            while bytes.count <= limit, let chunk = try handle.read(upToCount: min(64 * 1024, limit + 1 - bytes.count)), !chunk.isEmpty {
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw CommandFailure("Standard input can't be read (is it a folder?).")
        }
        return bytes
    }

    /// `bytes` as a person reads a limit: "512 KiB (524,288 bytes)".
    static func size(_ bytes: Int) -> String {
        bytes % 1024 == 0 ? "\(bytes / 1024) KiB (\(bytes.formatted()) bytes)" : "\(bytes.formatted()) bytes"
    }
}
