import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ContactExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Pass on a contact's card exactly as they signed it.",
        discussion: """
            Writes the contact's original signed card — none of your notes, tags or alias — in any form \
            (cbor, qr-text, code, link, vcard). Anyone receiving it can verify it came from that person, \
            unchanged. Address-book entries without a signed card can't be exported.
            """
    )

    @OptionGroup var selector: ContactSelector
    @Option(help: "The form to write: cbor, qr-text, code, link or vcard.") var format: ExportFormat = .qrText
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        if format == .cbor && output == nil && isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("The cbor format is binary; write it to a file with -o FILE or redirect standard output.")
        }
    }

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let contact = try book.contact(resolving: selector.who)
        // Verified again from the stored bytes: a damaged book never passes on a card that no longer checks out.
        let signed = try book.card(of: contact.id)
        var out = CardText.encode(signed, as: format.cardForm)
        if format == .code {
            let groups = CardText.code(signed)
            out = Array((stride(from: 0, to: groups.count, by: 8).map { groups[$0..<min($0 + 8, groups.count)].joined(separator: " ") }.joined(separator: "\n") + "\n").utf8)
        } else if format == .qrText || format == .link {
            out += Array("\n".utf8)
        }
        try Output.write(out, to: output)
    }
}
