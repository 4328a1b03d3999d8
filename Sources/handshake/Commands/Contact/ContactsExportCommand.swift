import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

/// The forms `contacts export` writes, as the argument names them.
enum BookExportFormat: String, CaseIterable, ExpressibleByArgument {
    case vcard
    case json

    /// The library's form of the same name.
    var library: ContactBook.ExportFormat {
        switch self {
        case .vcard: .vcard
        case .json: .json
        }
    }
}

struct ContactsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole contact book out, as vCards or JSON.",
        discussion: """
            vcard: one vCard 4.0 per contact, which any address book reads. A verified contact carries its \
            Node ID and signed card (X-HANDSHAKE-NODEID, X-HANDSHAKE-CARD), so `handshake import` of the \
            file restores it as verified after checking the signature again; your alias, notes, tags, \
            trust level and pin travel in X-HANDSHAKE-* properties. json: an array with one object per \
            contact (docs/formats/contact-export.md). Contacts are written in the order they were added.
            Examples:
              handshake contacts export -o contacts.vcf
              handshake contacts export --format json > contacts.json
            """
    )

    @Option(help: "The form to write: vcard or json.") var format: BookExportFormat = .vcard
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let sink = try ExportSink(path: output)
        let count: Int
        do {
            count = try book.export(format.library) { try sink.write($0) }
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        if let output, output != "-" { Output.error("Exported \(count) contacts to \(output).") }
    }
}

/// Where an export goes: standard output, or a temporary file beside the target that replaces it only
/// once everything is written (an interrupted export never leaves half a file under the name).
private final class ExportSink {
    private let handle: FileHandle
    private let target: String?
    private let temporary: String?

    init(path: String?) throws {
        guard let path, path != "-" else {
            handle = FileHandle.standardOutput
            target = nil
            temporary = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LocalFile.failure(path, errno, reading: false) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.handle = handle
        self.target = path
        self.temporary = temporary
    }

    func write(_ text: String) throws {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandFailure("\(TerminalText.value(target ?? "Standard output")) can't be written: \(Self.reason(of: error)).")
        }
    }

    /// Why a write failed, as words: the system's reason (the disk is full…), not Foundation's error code.
    static func reason(of error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))).lowercased() }
        return "the system refused it"
    }

    func finish() throws {
        guard let target, let temporary else { return }
        do { try handle.close() } catch { throw CommandFailure("\(TerminalText.value(target)) can't be written: \(Self.reason(of: error)).") }
        guard rename(temporary, target) == 0 else {
            let error = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw LocalFile.failure(target, error, reading: false)
        }
    }

    func abandon() {
        guard let temporary else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
