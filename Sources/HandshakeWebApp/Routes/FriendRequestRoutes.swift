// Establishes the Friend requests routes: the screen and its live part, an event stream that follows the
// mailbox server's own (so a request appears without a reload), the answer buttons, sending a request,
// making a share link, and the count the Contacts screen shows. The server's client does the calls; the
// account keeps the cards (`keepFromFriendRequest`), for requests you accept and requests of yours that were
// accepted, as `handshake requests` does.
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore
import Hummingbird

struct FriendRequestRoutes: Sendable {
    let accounts: AccountHolder
    /// The account as it is now (a move to a new key replaces it).
    var account: HandshakeAccount { accounts.account }
    let connection: MailboxConnection
    let secrets: LaunchSecrets

    func register(on router: Router<BasicRequestContext>) {
        router.get(.requests) { request, context in
            let done = OutcomeQuery.of(request, context: context)
            return Page.response(FriendRequestsScreen.page(try await state(), formToken: secrets.formToken, done: done))
        }
        router.get(.requestsLive) { _, _ in Page.response(FriendRequestsScreen.live(try await state(), formToken: secrets.formToken)) }
        router.get(.requestsStream, use: stream)
        router.get(.requestsBadge, use: badge)
        router.post(.answerRequest, use: answer)
        router.post(.sendRequest, use: send)
        router.post(.makeShareLink, use: link)
    }

    /// The lists as the server has them, after keeping the cards of your requests it says were accepted.
    func state() async throws -> FriendRequestsScreen.State {
        guard let client = await connection.client() else { return .noServer }
        let server = client.server
        let received: [MailboxFriendRequest], sent: [MailboxFriendRequest]
        do {
            received = try await client.friendRequests(.received)
            sent = try await client.friendRequests(.sent)
        } catch {
            return .unreachable(server, error.description)
        }
        let me = account.identity.nodeID
        // Judged before the accepted ones are kept, so a namesake kept now is still told apart on this page.
        var claims: [String: NameClaim] = [:]
        for request in received + sent { claims[request.id] = try NameClaimSentences.claim(ofOtherIn: request, me: me, book: account.book) }
        try account.keepAccepted(sent)
        return .ready(server, received: received, sent: sent, me: me, claims: claims)
    }

    @Sendable func answer(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: RequestAnswerForm.self)
        guard let client = await connection.client() else { return Page.redirect(to: .requests) }
        let done: Outcome
        do {
            switch form.answer {
            case .accept, .acceptAnyway:
                let acceptance = try await FriendRequestAcceptance.accept(
                    form.id, anyway: form.answer == .acceptAnyway, card: try account.issueCard(), account: account, client: client)
                switch acceptance {
                case .asks(_, let question):
                    return Page.response(FriendRequestsScreen.page(try await state(), formToken: secrets.formToken, asking: (form.id, question)))
                case .accepted(let report): done = .accepted(report.kind)
                case .acceptedWithoutCard: return try await refused(FriendRequestSentences.noCard.plain)
                }
            case .decline:
                try await client.declineFriendRequest(form.id)
                done = .declined
            case .cancel:
                try await client.cancelFriendRequest(form.id)
                done = .cancelled
            }
        } catch let error as MailboxClientError {
            return try await refused(error.description)
        }
        return Page.redirect(to: .requests, done: done)
    }

    @Sendable func send(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: SendRequestForm.self)
        guard let client = await connection.client() else { return Page.redirect(to: .requests) }
        do {
            _ = try await FriendRequestSending.send(to: form.target, note: form.note, card: try account.issueCard(), client: client)
        } catch let refusal as FriendRequestNotSent {
            return try await refused(refusal.description)
        } catch let error as MailboxClientError {
            return try await refused(error.description)
        }
        return Page.redirect(to: .requests, done: .sent)
    }

    @Sendable func link(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let client = await connection.client() else { return Page.redirect(to: .requests) }
        do {
            let created = try await client.createShareLink()
            return Page.response(FriendRequestsScreen.page(try await state(), formToken: secrets.formToken, link: created))
        } catch let error as MailboxClientError {
            return try await refused(error.description)
        }
    }

    /// The screen with a refusal above it; nothing changed.
    func refused(_ sentence: String) async throws -> Response {
        Page.response(FriendRequestsScreen.page(try await state(), formToken: secrets.formToken, problem: sentence), status: .unprocessableContent)
    }

    /// "2 waiting", or nothing: the count beside the link on Contacts, fetched by the page's script so a slow
    /// server never slows the list.
    @Sendable func badge(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let client = await connection.client(), let count = try? await client.badge(), count > 0 else {
            return Page.text("", contentType: "text/plain; charset=utf-8")
        }
        return Page.text("\(count) waiting", contentType: "text/plain; charset=utf-8")
    }

    /// One message when the stream opens (whatever changed since the page was drawn), then one per event of
    /// the account on the server. Without a server, 204: the browser does not reconnect.
    @Sendable func stream(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let client = await connection.client() else { return Response(status: .noContent) }
        let after = (try? await client.latestEventID()) ?? 0
        return ServerSentEvents.response(retry: 3000, opening: "open", relaying: client.events(after: after)) { "\($0.id)" }
    }
}
