// Establishes the Friend requests screen: the requests you received (accept or decline) and sent (cancel),
// kept live by the server's event stream; a request sent by Node ID or share link with a note; a one-time
// share link made and shown with its QR code. Without a server it says how to connect one; when the server
// does not answer it says so, and nothing is lost. The lists are the server's; keeping a card is the
// account's rule (`keepFromFriendRequest`).
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakeMailbox
import HandshakePresentation
import HandshakeQR
import HandshakeStore

enum FriendRequestsScreen {
    /// What the screen can show.
    enum State: Sendable {
        /// No server registered.
        case noServer
        /// The server did not answer, or refused; the sentence says which.
        case unreachable(URL, String)
        /// The requests you received and sent, as the server has them.
        /// `claims` says, by request id, who the other person is to the book (`NameClaim`).
        case ready(URL, received: [MailboxFriendRequest], sent: [MailboxFriendRequest], me: NodeID, claims: [String: NameClaim])
    }

    /// `asking`: a request whose card passes for a contact, and the question to answer before accepting it.
    static func page(
        _ state: State, formToken: String, done: Outcome? = nil, link: CreatedShareLink? = nil, problem: String? = nil,
        asking: (id: String, question: Sentence)? = nil
    ) -> String {
        Page.screen(title: "Friend requests", current: .contacts) {
            HTML.p { HTML.a(.href(.contacts)) { .text("← Contacts") } }
            HTML.h1 { .text("Friend requests") }
            HTML.notice(done)
            if let problem { Page.refusal(problem) }
            if let asking {
                HTML.div(.class("notice", "problem"), .role("alert"), .id("namesake-question")) {
                    HTML.p { .text(asking.question.plain) }
                    answerForm(asking.id, formToken) {
                        answer(.acceptAnyway) { .text("Accept as someone new") }
                        HTML.a(.href(.requests), .class("button", "secondary")) { .text("Not now") }
                    }
                }
            }
            switch state {
            case .noServer:
                HTML.div(.class("notice")) {
                    HTML.p {
                        HTML.text("Friend requests and share links go through a mailbox server, for people who are apart. ")
                        HTML.a(.href(AppPath.settings.href(fragment: SettingsScreen.serverSectionID))) { .text("Connect to one in Settings") }
                        HTML.text(".")
                    }
                }
            case .unreachable, .ready:
                HTML.div(.id(.live), .data(.stream, .requestsStream), .data(.fragment, .requestsLive), .aria("live", "polite")) {
                    live(state, formToken: formToken)
                }
                share(link: link, formToken: formToken)
                send(formToken: formToken)
            }
        }
    }

    /// The part the event stream redraws: both lists, or why they cannot be shown.
    static func live(_ state: State, formToken: String) -> HTML {
        switch state {
        case .noServer:
            return HTML.p { .text("No server is connected.") }
        case .unreachable(let server, let sentence):
            return HTML.div(.class("notice", "problem"), .role("alert")) {
                HTML.p { .text("\(server.absoluteString) did not answer: \(sentence)") }
                HTML.p { .text("Your requests wait there; this page tries again when you reload it.") }
            }
        case .ready(_, let received, let sent, let me, let claims):
            return HTML.group {
                HTML.h2 { .text("Received") }
                list(received, me: me, claims: claims, received: true, formToken: formToken, empty: "No requests yet. Give someone your share link.")
                HTML.h2 { .text("Sent") }
                list(sent, me: me, claims: claims, received: false, formToken: formToken, empty: "You have sent no requests.")
            }
        }
    }

    static func list(
        _ requests: [MailboxFriendRequest], me: NodeID, claims: [String: NameClaim], received: Bool, formToken: String, empty: String
    ) -> HTML {
        guard !requests.isEmpty else { return HTML.p(.class("muted")) { .text(empty) } }
        return HTML.ul(.class("requests")) {
            for request in requests {
                let claim = claims[request.id] ?? .stranger
                let name = NameClaimSentences.name(ofOtherIn: request, me: me, claim: claim)
                HTML.li {
                    HTML.p {
                        HTML.strong { .text(name) }
                        HTML.text(" ")
                        HTML.span(.class("badge")) {
                            .text("\(status(request.status, received: received)) · \(request.createdAt.formatted(date: .abbreviated, time: .shortened))")
                        }
                    }
                    if let warning = NameClaimSentences.warning(ofOtherIn: request, me: me, claim: claim) {
                        HTML.p(.class("namesake"), .role("note")) { HTML.strong { .text(warning.plain) } }
                    }
                    if let note = request.note { HTML.p(.class("note")) { .text("“\(note)”") } }
                    if request.status == .pending {
                        answerForm(request.id, formToken) {
                            if received {
                                answer(.accept) { .text("Accept \(name)") }
                                answer(.decline, "secondary") { .text("Decline") }
                            } else {
                                answer(.cancel, "secondary") { .text("Cancel the request") }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The request's id rides in the form, never in the path: it comes from the server.
    static func answerForm(_ id: String, _ formToken: String, @HTMLBuilder _ buttons: () -> HTML) -> HTML {
        Page.form(.answerRequest, token: formToken) {
            HTML.input(.type("hidden"), .name(RequestAnswerForm.CodingKeys.id), .value(id))
            HTML.div(.class("row"), content: buttons)
        }
    }

    /// A button that answers the request.
    static func answer(_ answer: RequestAnswerForm.Answer, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(RequestAnswerForm.CodingKeys.answer), .value(answer), .class(style), content: label)
    }

    static func status(_ status: FriendRequestStatus, received: Bool) -> String {
        switch status {
        case .pending: received ? "Waiting for your answer" : "Waiting for their answer"
        case .accepted: "Accepted: you each have the other's card"
        case .declined: "Declined"
        case .cancelled: "Cancelled"
        }
    }

    static func share(link: CreatedShareLink?, formToken: String) -> HTML {
        HTML.group {
            HTML.h2 { .text("Share a link") }
            HTML.p(.class("muted")) { .text("For someone who is not here: they open the link and send you a request with their card.") }
            if let link {
                let url = link.link.description
                HTML.div(.class("notice"), .role("status")) {
                    HTML.p { .text("Your link, for one friend request:") }
                    HTML.p(.class("code"), .id("share-link")) { .text(url) }
                    HTML.div(.class("qr", "small"), .role("img"), .aria("label", "QR code of your share link")) {
                        if let qr = try? QRCode(encoding: url) { HTML.trusted(SVGRenderer(quietZone: 4, moduleSize: 6).render(qr)) }
                    }
                    HTML.p(.class("muted")) {
                        .text(
                            "Valid until \(link.expiresAt.formatted(date: .abbreviated, time: .shortened)). Whoever uses it first sends you a request; you still choose to accept."
                        )
                    }
                }
            }
            Page.form(.makeShareLink, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text("Make a one-time share link") } }
        }
    }

    static func send(formToken: String) -> HTML {
        HTML.group {
            HTML.h2 { .text("Send a request") }
            Page.form(.sendRequest, token: formToken) {
                HTML.div(.class("fields")) {
                    HTML.label(.for("to")) { .text("Their share link or Node ID") }
                    HTML.input(.type("text"), .id("to"), .name(SendRequestForm.CodingKeys.to), .required(), .autocomplete("off"), .spellcheck(false))
                    HTML.label(.for("request-note")) { .text("A note for them (optional, at most \(NoteLimits.characters) characters)") }
                    HTML.input(.type("text"), .id("request-note"), .name(SendRequestForm.CodingKeys.note), .maxlength(NoteLimits.characters))
                }
                HTML.p { HTML.button(.type("submit")) { .text("Send the request") } }
            }
        }
    }
}
