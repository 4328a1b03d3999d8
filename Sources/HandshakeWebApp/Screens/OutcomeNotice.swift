// Establishes the notice each outcome of a change shows at the top of the page it redirected to: a status
// for what was done, an alert for what was refused (codes that do not match, a conflicting key). The words are
// the presentation layer's (HandshakePresentation) wherever the program says the same thing; a sentence about
// a contact names them as the book does (`displayName`), escaped by the HTML builder's text nodes.
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

extension Outcome {
    /// The notice, about `contact` where the sentence is about someone.
    func notice(about contact: Contact? = nil) -> HTML {
        let them = contact?.displayName ?? "them"
        if self == .mismatch || self == .received(.keyConflict) {
            return HTML.p(.class("notice", "problem"), .role("alert")) { .text(sentence(about: contact, them)) }
        }
        // Someone new: now let them add you back.
        if self == .received(.added) {
            return Page.notice {
                HTML.text(sentence(about: contact, them) + " Now let them add you: show them ")
                HTML.a(.href(.myCard)) { .text("your card") }
                HTML.text(".")
            }
        }
        if self == .serverConnected {
            return Page.notice {
                HTML.text(sentence(about: contact, them) + " ")
                HTML.a(.href(.requests)) { .text("Friend requests") }
            }
        }
        return Page.notice { .text(sentence(about: contact, them)) }
    }

    /// The sentence of the notice, its values raw (the HTML builder escapes all text).
    private func sentence(about contact: Contact?, _ them: String) -> String {
        switch self {
        case .saved: "Saved."
        case .cardSaved: "Saved. People you meet from now on receive this card; your contacts get it as an update."
        case .cardSavedNotPublished: PublishSentences.notPublished().plain
        case .received(let kind): ReceiveSentences.sentence(kind, name: them, nodeID: contact?.nodeID?.rawValue ?? "").plain
        case .contactSaved(let kind): contact.map { ContactEditSentences.sentence(kind, contact: $0).plain } ?? "Saved."
        case .verified: "The codes match: \(them) is marked as compared."
        case .mismatch: SecurityCodeSection.mismatch
        case .accepted(let kind): FriendRequestSentences.accepted(kind).plain
        case .declined: FriendRequestSentences.declined.plain
        case .cancelled: FriendRequestSentences.cancelled.plain
        case .sent: FriendRequestSentences.sent.plain
        case .serverConnected: "Connected: your card is published on the server."
        case .photoSaved: "Photo saved."
        case .photoShrunk: "Photo saved, shrunk to fit your card."
        case .photoRemoved: "Photo removed."
        }
    }
}

extension HTML {
    /// The notice of `outcome`, or nothing.
    static func notice(_ outcome: Outcome?, about contact: Contact? = nil) -> HTML {
        outcome?.notice(about: contact) ?? .empty
    }
}
