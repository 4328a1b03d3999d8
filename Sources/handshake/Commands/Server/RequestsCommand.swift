import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore

/// `handshake requests [--sent] [--json]`: the requests you received or sent, with their status.
struct RequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List friend requests you received (or sent) on your server.",
        discussion: "With --sent, requests the other side accepted add their verified card to your contacts."
    )

    @Flag(help: "List the requests you sent instead.")
    var sent = false

    @Flag(help: "Print JSON.")
    var json = false

    /// One request as `--json` prints it: the API's own names, the cards as verified here, and the other
    /// person's name as the list shows it.
    struct Report: Encodable {
        let id: String
        let sender: String
        let receiver: String
        /// The other person's name as the text list shows it (`DisplayName`).
        let name: String
        /// Each card as it came, base64url; a card that did not verify (its own key, the Node ID it names) is
        /// left out, and its side's `…Verified` is false.
        let senderCard: String?
        let receiverCard: String?
        let senderVerified: Bool
        /// The fields of each verified card.
        let senderFields: CardFields?
        let receiverFields: CardFields?
        let note: String?
        let route: String
        let status: String
        let createdAt: String
        let answeredAt: String?

        /// Who the other person is to your book: `contact` (their key is a contact's; `name` is that
        /// contact's), `namesake` (another key claims the name of the contacts in `notYourContact`) or
        /// `stranger`.
        let claim: String
        let notYourContact: [String]

        init(_ request: MailboxFriendRequest, me: NodeID, claim: NameClaim) {
            id = request.id
            sender = request.sender.rawValue
            receiver = request.receiver.rawValue
            name = NameClaimSentences.name(ofOtherIn: request, me: me, claim: claim)
            switch claim {
            case .contact: self.claim = "contact"
            case .namesake: self.claim = "namesake"
            case .stranger: self.claim = "stranger"
            }
            notYourContact = claim.passesFor.map(\.displayName)
            senderCard = request.senderCard.map { Base64URL.encode($0.bytes) }
            receiverCard = request.receiverCard.map { Base64URL.encode($0.bytes) }
            senderVerified = request.senderCard != nil
            senderFields = request.senderCard?.card.fields
            receiverFields = request.receiverCard?.card.fields
            note = request.note
            route = request.route.rawValue
            status = request.status.rawValue
            createdAt = request.createdAt.formatted(.iso8601)
            answeredAt = request.answeredAt?.formatted(.iso8601)
        }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let identity = account.identity
        let requests = try await RegisteredServer.client(in: home).friendRequests(sent ? .sent : .received)
        // Judged before the accepted ones are kept: a namesake kept now is still told apart in this list.
        let claims = try requests.map { try NameClaimSentences.claim(ofOtherIn: $0, me: identity.nodeID, book: account.book) }
        if json { try Output.json(zip(requests, claims).map { Report($0, me: identity.nodeID, claim: $1) }) }
        if !json && requests.isEmpty { print(sent ? "You have sent no requests." : "No requests.") }
        let kept = sent ? try account.keepAccepted(requests) : [:]
        for (request, claim) in zip(requests, claims) {
            let card = request.otherCard(from: identity.nodeID)
            let other = TerminalText.value(NameClaimSentences.name(ofOtherIn: request, me: identity.nodeID, claim: claim))
            if !json {
                let note = request.note.map { " — \"\(TerminalText.value($0))\"" } ?? ""
                print("\(request.id)  \(request.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(sent ? "to" : "from") \(other)\(note)")
                if let warning = NameClaimSentences.warning(ofOtherIn: request, me: identity.nodeID, claim: claim) { print("    \(TerminalLine(warning))") }
            }
            if let outcome = kept[request.id], let card, !json {
                print("    \(ReceiveReport(outcome, card: card).sentence)")
            }
        }
    }
}
