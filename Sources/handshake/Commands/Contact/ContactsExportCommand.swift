import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

/// The forms `contacts export` writes.
enum BookExportFormat: String, CaseIterable, ExpressibleByArgument {
    case vcard
    case json
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
        var count = 0
        do {
            if format == .json { try sink.write("[") }
            try book.forEachExportedContact { exported in
                switch format {
                case .vcard:
                    try sink.write(exported.vCard)
                case .json:
                    try sink.write((count == 0 ? "\n" : ",\n") + ContactExportJSON(exported).encoded())
                }
                count += 1
            }
            if format == .json { try sink.write(count == 0 ? "]\n" : "\n]\n") }
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
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CommandFailure("\(path) can't be written: the folder \(url.deletingLastPathComponent().path) is not writable or does not exist.")
        }
        self.handle = handle
        self.target = path
        self.temporary = temporary
    }

    func write(_ text: String) throws {
        try handle.write(contentsOf: Data(text.utf8))
    }

    func finish() throws {
        guard let target, let temporary else { return }
        try handle.close()
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandFailure("\(target) can't be written: \(reason).")
        }
    }

    func abandon() {
        guard let temporary else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}

/// One contact in `contacts export --format json` (docs/formats/contact-export.md).
struct ContactExportJSON: Encodable {
    struct Link: Encodable {
        var platform: String
        var handle: String?
        var url: String?
    }

    struct Photo: Encodable {
        var mediaType: String
        var base64: String
    }

    var verificationStatus: String
    var nodeId: String?
    var claimedNodeId: String?
    var card: String?
    var name: String?
    var company: String?
    var title: String?
    var bio: String?
    var location: String?
    var emails: [String]
    var phones: [String]
    var links: [Link]
    var skills: [String]
    var avatar: Photo?
    var alias: String?
    var notes: String?
    var tags: [String]
    var trustLevel: String
    var pinned: Bool
    var source: String
    var addedAt: String

    init(_ exported: ContactBook.ExportedContact) {
        let contact = exported.contact
        let details = contact.details
        verificationStatus = contact.verificationStatus.rawValue
        nodeId = contact.nodeID?.rawValue
        claimedNodeId = contact.claimedNodeID?.rawValue
        card = exported.signed.map { Base64URL.encode($0.bytes) }
        name = details.name
        company = details.company
        title = details.title
        bio = details.bio
        location = details.location
        emails = details.emails
        phones = details.phones
        links = details.links.map { Link(platform: $0.platform, handle: $0.handle, url: $0.url) }
        skills = details.skills
        avatar = exported.avatar.map { Photo(mediaType: $0.mediaType, base64: Data($0.data).base64EncodedString()) }
        alias = contact.alias
        notes = contact.notes
        tags = contact.tags
        trustLevel = contact.trustLevel.rawValue
        pinned = contact.pinned
        source = contact.source.rawValue
        addedAt = contact.addedAt.formatted(.iso8601)
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
