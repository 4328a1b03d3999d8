import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakePresentation
import HandshakeStore

/// `handshake contacts refresh [WHO] [--json]`: fetches contacts' newest cards from the servers their cards name.
struct ContactsRefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch your contacts' newest cards from the servers their cards name.",
        discussion: """
            A card can name its owner's mailbox server (see handshake card server). For each contact whose card \
            does, that server is asked for their newest card; a card the server holds unchanged costs nothing. \
            A newer card of the same key updates the contact, as if you had received it: the old card goes to \
            the history, and your alias, notes, tags and trust stay. Anything else (an older card, another \
            person's, a card that does not verify) is not kept, and the line says why. A server that does not \
            answer is said once; its contacts stay as they were.

            Examples:
              handshake contacts refresh
              handshake contacts refresh "Ada Lovelace" --json
            """
    )

    @Argument(help: ArgumentHelp("Only this contact (a name, an alias, the start of a Node ID or #id).", valueName: "who"))
    var who: String?

    @Option(help: ArgumentHelp("How long each server may take to answer, in seconds (default: 30).", valueName: "seconds"))
    var timeLimit: Double?

    @Flag(help: "Print JSON: one object per contact.")
    var json = false

    func validate() throws { try TimeLimit.validate(timeLimit) }

    /// One contact's refresh as `--json` prints it.
    struct Report: Encodable {
        let contact: String
        let nodeId: String?
        let server: String?
        /// `updated`, `unchanged`, `noServer`, `refused` or `unreachable`.
        let outcome: String
        let changes: [CardField]?
        /// True when the newer card is on a new key the old one vouched for.
        let movedKey: Bool?
        let sentence: String?
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let book = try home.contactBook()
        var refresh = CardRefresh(book: book, registered: RegisteredServer.registration(in: home).server())
        if let timeLimit { refresh.configuration.requestTimeout = TimeLimit.duration(timeLimit) }
        let chosen = try who.map { [try book.contact(resolving: $0)] }
        let results = try await refresh.refresh(chosen)
        if json {
            try Output.json(results.map(Self.report))
            return
        }
        if results.allSatisfy({ $0.outcome == .noServer }) && who == nil {
            print(TerminalLine(RefreshSentences.nobodyToRefresh))
            return
        }
        var saidDown: Set<String> = []
        for result in results {
            if case .unreachable(let reason) = result.outcome {
                guard !saidDown.contains(reason) else { continue }
                saidDown.insert(reason)
                let names = results.filter { $0.outcome == result.outcome }.map(\.contact.displayName)
                print(TerminalLine(RefreshSentences.unreachable(reason, names: names)))
            } else if let sentence = RefreshSentences.sentence(result) {
                print(TerminalLine(sentence))
            }
        }
    }

    static func report(_ result: CardRefresh.Result) -> Report {
        let (outcome, changes): (String, [CardField]?) =
            switch result.outcome {
            case .updated(let changes): ("updated", changes.fields)
            case .unchanged: ("unchanged", nil)
            case .noServer: ("noServer", nil)
            case .refused: ("refused", nil)
            case .unreachable: ("unreachable", nil)
            }
        let movedKey: Bool? = if case .updated(let changes) = result.outcome { changes.movedKey } else { nil }
        let sentence: String? =
            switch result.outcome {
            case .unreachable(let reason), .refused(let reason): reason
            default: nil
            }
        return Report(
            contact: result.contact.displayName, nodeId: result.contact.nodeID?.rawValue, server: result.server?.origin, outcome: outcome,
            changes: changes, movedKey: movedKey, sentence: sentence)
    }
}
