import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ContactShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a contact's info page.",
        discussion: """
            The card's fields, your alias, trust level, how and when they were added, whether their card is \
            signed and their security code compared, each chat preference with who can use it ("enabled", \
            "enabled for you", "enabled for contact", "off"), receipts, message TTL, keys, notes and tags.
            --debug adds the database id and the raw signed card.
            """
    )

    @OptionGroup var selector: ContactSelector
    @Flag(help: "Also show the database id and the raw signed card.") var debug = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let contact = try book.contact(resolving: selector.who)
        let preferences = try book.preferences(of: contact.id)
        let history = try book.history(of: contact.id)
        let meetings = try book.exchanges(ofContact: contact.id)
        let card = try (debug && contact.hasSignedCard ? book.card(of: contact.id) : nil)
        if output.json {
            let names = { (key: SigningPublicKey) in (try? book.contact(withSigningKey: key))??.displayName }
            let details = ContactExport.Details(
                showsDatabaseID: debug, preferences: preferences, cardHistory: history.count, meetings: meetings, commonFriendName: names)
            try Output.json(ContactExport(contact: contact, signed: debug ? card : nil, details: details))
        } else {
            print(TerminalLine(lines: ContactPrinter.page(
                contact, preferences: preferences, history: history, meetings: meetings, card: card, update: try? book.lastUpdate(of: contact.id), debug: debug).joined(separator: "\n")))
        }
    }
}
