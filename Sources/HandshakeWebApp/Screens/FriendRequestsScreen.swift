// Establishes the Friend requests screen: the requests you received (accept or decline) and sent (cancel),
// kept live by the server's event stream; a request sent by Node ID or share link with a note; a one-time
// share link made and shown with its QR code. Without a server it says how to connect one; when the server
// does not answer it says so, and nothing is lost. The lists are the server's; keeping a card is the
// account's rule (`keepFromFriendRequest`).
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR

enum FriendRequestsScreen {
    /// What the screen can show.
    enum State: Sendable {
        /// No server registered.
        case noServer
        /// The server did not answer, or refused; the sentence says which.
        case unreachable(URL, String)
        /// The requests you received and sent, as the server has them.
        case ready(URL, received: [MailboxFriendRequest], sent: [MailboxFriendRequest], me: NodeID)
    }

    static func page(_ state: State, formToken: String, notice: HTML = .empty, link: CreatedShareLink? = nil, problem: String? = nil) -> HTML {
        let problemNotice: HTML = problem.map { Page.refusal($0) } ?? .empty
        let body: HTML
        switch state {
        case .noServer:
            body = """
                <div class="notice"><p>Friend requests and share links go through a mailbox server, for people who are
                apart. <a href="/settings#server">Connect to one in Settings</a>.</p></div>
                """
        case .unreachable, .ready:
            body = """
                <div id="live" data-stream="/requests/stream" data-fragment="/requests/live" aria-live="polite">\(live(state, formToken: formToken))</div>
                \(share(link: link, formToken: formToken))
                \(send(formToken: formToken))
                """
        }
        return Page.screen(title: "Friend requests", current: .contacts, body: """
            <p><a href="/contacts">← Contacts</a></p>
            <h1>Friend requests</h1>
            \(notice)
            \(problemNotice)
            \(body)
            """)
    }

    /// The part the event stream redraws: both lists, or why they cannot be shown.
    static func live(_ state: State, formToken: String) -> HTML {
        switch state {
        case .noServer:
            return "<p>No server is connected.</p>"
        case .unreachable(let server, let sentence):
            return """
                <div class="notice problem" role="alert"><p>\(server.absoluteString) did not answer: \(sentence)</p>
                <p>Your requests wait there; this page tries again when you reload it.</p></div>
                """
        case .ready(_, let received, let sent, let me):
            return """
                <h2>Received</h2>
                \(list(received, me: me, received: true, formToken: formToken, empty: "No requests yet. Give someone your share link."))
                <h2>Sent</h2>
                \(list(sent, me: me, received: false, formToken: formToken, empty: "You have sent no requests."))
                """
        }
    }

    static func list(_ requests: [MailboxFriendRequest], me: NodeID, received: Bool, formToken: String, empty: String) -> HTML {
        guard !requests.isEmpty else { return "<p class=\"muted\">\(empty)</p>" }
        let rows = requests.map { request -> HTML in
            let name = request.otherCard(from: me)?.card.name ?? request.other(from: me).rawValue
            let note: HTML = request.note.map { "<p class=\"note\">“\($0)”</p>" } ?? .empty
            var buttons: HTML = .empty
            if request.status == .pending {
                buttons = received
                    ? answerForm(request.id, formToken, """
                        <button type="submit" name="answer" value="accept">Accept \(name)</button>
                        <button type="submit" name="answer" value="decline" class="secondary">Decline</button>
                        """)
                    : answerForm(request.id, formToken, "<button type=\"submit\" name=\"answer\" value=\"cancel\" class=\"secondary\">Cancel the request</button>")
            }
            return """
                <li><p><strong>\(name)</strong> <span class="badge">\(status(request.status, received: received)) · \(request.createdAt.formatted(date: .abbreviated, time: .shortened))</span></p>
                \(note)\(buttons)</li>
                """
        }
        return "<ul class=\"requests\">\(rows)</ul>"
    }

    /// The request's id rides in the form, never in the path: it comes from the server.
    static func answerForm(_ id: String, _ formToken: String, _ buttons: HTML) -> HTML {
        Page.form(action: "/requests/answer", token: formToken, "<input type=\"hidden\" name=\"id\" value=\"\(id)\"><div class=\"row\">\(buttons)</div>")
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
        let shown: HTML
        if let link {
            let url = link.link.description
            let qr = (try? QRCode(encoding: url)).map { HTML(trusted: SVGRenderer(quietZone: 4, moduleSize: 6).render($0)) } ?? .empty
            shown = """
                <div class="notice" role="status"><p>Your link, for one friend request:</p>
                <p class="code" id="share-link">\(url)</p>
                <div class="qr small" role="img" aria-label="QR code of your share link">\(qr)</div>
                <p class="muted">Valid until \(link.expiresAt.formatted(date: .abbreviated, time: .shortened)). Whoever uses it first sends you a request; you still choose to accept.</p></div>
                """
        } else {
            shown = .empty
        }
        return """
            <h2>Share a link</h2>
            <p class="muted">For someone who is not here: they open the link and send you a request with their card.</p>
            \(shown)
            \(Page.form(action: "/requests/link", token: formToken, "<button type=\"submit\" class=\"secondary\">Make a one-time share link</button>"))
            """
    }

    static func send(formToken: String) -> HTML {
        """
        <h2>Send a request</h2>
        \(Page.form(action: "/requests/send", token: formToken, """
            <div class="fields">
            <label for="to">Their share link or Node ID</label>
            <input type="text" id="to" name="to" required autocomplete="off" spellcheck="false">
            <label for="request-note">A note for them (optional, at most \(NoteLimits.characters) characters)</label>
            <input type="text" id="request-note" name="note" maxlength="\(NoteLimits.characters)">
            </div>
            <p><button type="submit">Send the request</button></p>
            """))
        """
    }

    /// The sentence after a change, from the redirect's `done`.
    static func notice(_ done: String?) -> HTML {
        let text: String
        switch done {
        case "accepted": text = "Accepted: they are in your contacts, and they get your card."
        case "updated": text = "Accepted: you had them already, and their newer card was kept."
        case "already": text = "Accepted: you had them already."
        case "blocked": text = "Accepted, but they are blocked here: their card was not kept."
        case "conflict": text = "Accepted, but a contact with their Node ID has a different key: their card was not kept. Compare security codes in person."
        case "declined": text = "Declined; they will see it."
        case "cancelled": text = "Cancelled; they will see it."
        case "sent": text = "Request sent with your card. You will see their answer here."
        default: return .empty
        }
        return Page.notice("\(text)")
    }
}
