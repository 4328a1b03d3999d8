import ArgumentParser
import Foundation
import HandshakeStore

struct ContactDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove a contact, with their card history, notes and tags.",
        discussion: """
            A deleted contact's card is accepted as new if it comes again. To keep someone away, block them \
            instead — their entry stays and their cards are ignored:
              handshake contact set WHO --trust BLOCKED
            """
    )

    @OptionGroup var selector: ContactSelector
    @Flag(name: .shortAndLong, help: "Delete without asking (for scripts).") var yes = false

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let contact = try book.contact(resolving: selector.who)
        if !yes {
            guard Prompt.canAsk else {
                throw CommandFailure("Not asking: standard input is not a terminal. Delete with --yes. Nothing was deleted.")
            }
            Output.error("If \(contact.displayName) should stay away, block instead: handshake contact set \"\(selector.who)\" --trust BLOCKED")
            guard Prompt.choose("Delete \(contact.displayName)?", ["delete", "keep"]) == "delete" else {
                print("Kept \(TerminalText.value(contact.displayName)).")
                return
            }
        }
        try book.delete(contact.id)
        print("Deleted \(TerminalText.value(contact.displayName)). (Blocking keeps someone away; deleting does not: handshake contact set WHO --trust BLOCKED)")
    }
}
