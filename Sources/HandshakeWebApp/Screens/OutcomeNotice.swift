// Establishes the notice each outcome of a change shows at the top of the page it redirected to: a status
// for what was done, an alert for what was refused (codes that do not match). A sentence about a contact names
// them as the book does (`displayName`).
import HandshakeHTML

extension Outcome {
    /// The notice, naming `contact` where the sentence is about someone.
    func notice(contact name: String? = nil) -> HTML {
        let them = name ?? "them"
        switch self {
        case .mismatch:
            return HTML.p(.class("notice", "problem"), .role("alert")) { .text(SecurityCodeSection.mismatch) }
        case .added:
            return Page.notice {
                HTML.text("Added \(them). Now let them add you: show them ")
                HTML.a(.href(.myCard)) { .text("your card") }
                HTML.text(".")
            }
        case .serverConnected:
            return Page.notice {
                HTML.text("Connected: your card is published on the server. ")
                HTML.a(.href(.requests)) { .text("Friend requests") }
            }
        default:
            return Page.notice { .text(sentence(them)) }
        }
    }

    /// The sentence of a notice that is text alone.
    private func sentence(_ them: String) -> String {
        switch self {
        case .saved: "Saved."
        case .cardSaved: "Saved. People you meet from now on receive this card; your contacts get it as an update."
        case .added: "Added \(them)."
        case .merged: "Merged: this is \(them)'s new identity. Compare the security code again."
        case .updated: "Updated \(them) from a newer card."
        case .verified: "The codes match: \(them) is marked as compared."
        case .mismatch: SecurityCodeSection.mismatch
        case .accepted: "Accepted: they are in your contacts, and they get your card."
        case .acceptedUpdate: "Accepted: you had them already, and their newer card was kept."
        case .acceptedAlreadyHad: "Accepted: you had them already."
        case .acceptedBlocked: "Accepted, but they are blocked here: their card was not kept."
        case .acceptedConflict:
            "Accepted, but a contact with their Node ID has a different key: their card was not kept. Compare security codes in person."
        case .declined: "Declined; they will see it."
        case .cancelled: "Cancelled; they will see it."
        case .sent: "Request sent with your card. You will see their answer here."
        case .serverConnected: "Connected: your card is published on the server."
        case .photoSaved: "Photo saved."
        case .photoShrunk: "Photo saved, shrunk to fit your card."
        case .photoRemoved: "Photo removed."
        }
    }
}

extension HTML {
    /// The notice of `outcome`, or nothing.
    static func notice(_ outcome: Outcome?, contact name: String? = nil) -> HTML {
        outcome?.notice(contact: name) ?? .empty
    }
}
