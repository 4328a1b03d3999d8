import ArgumentParser
import Foundation
import HandshakeStore

/// `handshake contacts`: the list (the default) and the whole-book export.
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "List your contacts (`contacts list`, the default), export them all (`contacts export`), or fetch their newest cards (`contacts refresh`).",
        subcommands: [ContactsListCommand.self, ContactsExportCommand.self, ContactsRefreshCommand.self],
        defaultSubcommand: ContactsListCommand.self
    )
}

struct ContactsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your contacts: pinned first, then by name.",
        discussion: """
            SEARCH matches any part of a name, alias, company or tag (ignoring case), or the start of a \
            Node ID. Each line shows the name (with the card's name after your alias), company, trust level \
            if not TRUSTED, "unverified" for address-book entries, tags and the start of the Node ID; \
            * marks pinned contacts.
            Examples:
              handshake contacts
              handshake contacts ada
              handshake contacts --tag climbing --trust KNOWN --json
              handshake contacts --limit 20
              handshake contacts export -o contacts.vcf   (the whole book: see `contacts export --help`)
            """
    )

    @Argument(help: "Only contacts matching this text.")
    var search: String?

    @Option(help: "Only contacts with this tag.")
    var tag: String?

    @Option(help: ArgumentHelp("Only contacts at this trust level: TRUSTED, KNOWN or BLOCKED.", valueName: "level"))
    var trust: TrustLevel?

    @Option(help: ArgumentHelp("Show at most this many (the first screenful of a large book).", valueName: "count"))
    var limit: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let contacts = try HandshakeHome.current().contactBook().contacts(ContactListQuery(search: search, tag: tag, trust: trust, limit: limit))
        if output.json {
            try Output.json(contacts.map { ContactExport(contact: $0, details: ContactExport.Details()) })
            return
        }
        if contacts.isEmpty {
            print(search == nil && tag == nil && trust == nil ? "No contacts yet. Add one with: handshake add CARD" : "No contacts match.")
            return
        }
        for contact in contacts { print("\(ContactPrinter.listLine(contact))") }
    }
}
