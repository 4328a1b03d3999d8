import ArgumentParser
import Foundation
import HandshakePresentation
import HandshakeStore

struct ContactSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change what only you know about a contact.",
        discussion: """
            These fields are yours: they are never shared and a newer card from the contact never changes them.
            Features for --pref: \(ChatFeature.allCases.map(\.rawValue).joined(separator: ", ")).
              always   the contact may use it even if they don't allow it to you
              yes      allowed when the contact allows it too
              no       not allowed
              default  follow your default for everyone
            Examples:
              handshake contact set ada --alias "Countess" --tag maths --pin
              handshake contact set ada --pref voice=no --receipts no --ttl 1w
              handshake contact set ada --notes ""        (removes the notes)
            Everything is checked before anything changes: one bad value leaves the contact as it was.
            """
    )

    @OptionGroup var selector: ContactSelector
    @Option(help: ArgumentHelp("A name only you see (an empty string removes it).", valueName: "name")) var alias: String?
    @Option(help: ArgumentHelp("TRUSTED, KNOWN or BLOCKED (cards of BLOCKED contacts are ignored).", valueName: "level")) var trust: TrustLevel?
    @Flag(help: "Keep the contact at the top of the list.") var pin = false
    @Flag(help: "Undo --pin.") var unpin = false
    @Flag(help: "Silence the contact's notifications.") var mute = false
    @Flag(help: "Undo --mute.") var unmute = false
    @Option(help: ArgumentHelp("Notes, up to \(ContactLimits.notes) characters (an empty string removes them).", valueName: "text")) var notes: String?
    @Option(help: ArgumentHelp("Add a tag (up to \(ContactLimits.tagCount) per contact, \(ContactLimits.tagLength) characters each); repeat for more.", valueName: "tag")) var tag: [String] = []
    @Option(help: ArgumentHelp("Remove a tag; repeat for more.", valueName: "tag")) var untag: [String] = []
    @Option(help: ArgumentHelp("A chat preference, FEATURE=always|yes|no|default; repeat for more.", valueName: "feature=value")) var pref: [String] = []
    @Option(help: ArgumentHelp("Send delivery receipts: yes, no or default.", valueName: "setting")) var receipts: ReceiptsSetting?
    @Option(help: ArgumentHelp("Delete messages after: never, 1d, 1w, 1m or a number of seconds.", valueName: "ttl")) var ttl: String?

    /// The edit the flags describe; throws the first problem with them.
    func edit() throws -> ContactEdit {
        if pin && unpin { throw ValidationError("Choose one of --pin and --unpin.") }
        if mute && unmute { throw ValidationError("Choose one of --mute and --unmute.") }
        var edit = ContactEdit()
        edit.alias = alias
        edit.trustLevel = trust
        edit.pinned = pin ? true : unpin ? false : nil
        edit.muted = mute ? true : unmute ? false : nil
        edit.notes = notes
        edit.addTags = tag
        edit.removeTags = untag
        edit.receipts = receipts
        for item in pref {
            let (feature, setting) = try PreferenceArgument.parse(item)
            edit.preferences[feature] = setting
        }
        if let ttl {
            guard let parsed = MessageTTL(parsing: ttl) else {
                throw ValidationError("--ttl takes never, 1d, 1w, 1m or a positive number of seconds; got \"\(ttl)\".")
            }
            edit.messageTTL = parsed
        }
        do {
            try edit.validate()
        } catch {
            throw ValidationError(error.description)
        }
        if edit.isEmpty { throw ValidationError("Nothing to change: give at least one option (see --help).") }
        return edit
    }

    func validate() throws {
        _ = try edit()
    }

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        let contact = try book.contact(resolving: selector.who)
        let edit = try edit()
        let updated = try book.update(contact.id, edit)
        print(TerminalLine(ContactEditSentences.sentence(ContactEditKind(edit, before: contact), contact: updated)))
    }
}
