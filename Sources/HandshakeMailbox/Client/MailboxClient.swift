import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeCredentials

/// A typed client of a Handshake mailbox server (docs/server.md): signing in by challenge, the account's
/// card, share links, friend requests, contacts, events, presentations and Wallet-pass signatures.
///
/// Every call returns typed values and throws ``MailboxClientError``: the server's refusals as the
/// ``MailboxError`` cases it raised. Every card that comes from the server is verified here again (schema,
/// Node ID, signature) and matched to whom the server says it belongs before it is returned: the server is a
/// mailbox, never an authority. What the client does not do is store anything: a verified card goes to
/// `HandshakeAccount`'s receive rule, which the app calls once the person agreed.
///
/// The client signs in on the first call that needs it and again when the server refuses the token, so an
/// app never handles tokens. With a ``MailboxSessionStore`` it keeps the token there and reuses it in the next
/// run until it expires (a program that starts once per command signs in once an hour, not per command).
/// Calls on one client are serialised by the actor; make one client per server and identity.
///
/// ```swift
/// let client = MailboxClient(server: serverURL, identity: account.identity)
/// try await client.publish(try account.issueCard())
/// let link = try await client.createShareLink()
/// for try await event in client.events() { … }
/// ```
public actor MailboxClient {
    /// The server's base URL, without a trailing slash.
    public nonisolated let server: URL
    /// Whose account this is; `nil` for a client that only makes public calls (resolving a share link,
    /// reading a published card).
    public nonisolated let identity: Identity?
    /// Limits and the source of time.
    public nonisolated let configuration: Configuration
    let http: MailboxHTTP
    /// The bearer token and until when the server accepts it.
    private var session: MailboxSession?
    /// Where the session is kept between runs; nil to keep it in memory only.
    public nonisolated let sessionStore: (any MailboxSessionStore)?

    /// Limits, timing and the source of time for a client.
    public struct Configuration: Sendable {
        /// The longest one call may take, from looking up the server's name to the last byte of the answer:
        /// a deadline by the clock, however slowly the server sends.
        public var requestTimeout: Duration = .seconds(30)
        /// The largest answer read (a list of requests carries a card each).
        public var maxResponseBytes = 16 * 1024 * 1024
        /// How long an event stream waits before it connects again after the connection ended (the
        /// server's `retry:`).
        public var reconnectDelay: Duration = .seconds(3)
        /// How many connections in a row an event stream makes that fail, or end within seconds, before it
        /// gives up with an error (20 at 3 s: about a minute of a server that is gone).
        public var maxQuickReconnects = 20
        /// How long an event stream may stay silent (the server sends a keep-alive every 15 s) before the
        /// connection is taken for dead and made again.
        public var streamSilenceLimit: Duration = .seconds(45)
        /// The time cards are verified at and tokens are judged by.
        public var now: @Sendable () -> Date = { Date() }
        /// How the event stream waits before it reconnects (injected by tests).
        public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        /// The addresses calls may connect to: any, for the server the person registered with; fewer for
        /// the server a share link names (`ShareLink.resolution(registered:)`).
        package var reachable: ReachableAddresses = .any
        /// The clock a call's deadline runs on (a test ends it when it chooses).
        package var deadlineSleep: DeadlineSleep = continuousSleep
        /// For https: the only certificates trusted (PEM) instead of the system's; tests set it.
        package var trustRoots: [String]?

        /// The defaults: 30 s a call, 16 MiB an answer, reconnecting after 3 s.
        public init() {}
    }

    /// A client of `server` acting for `identity`.
    /// - Parameters:
    ///   - server: the base URL the operator gave (a trailing slash is ignored).
    ///   - identity: whose account to sign in to; `nil` for public calls only.
    ///   - configuration: limits, timing and the source of time.
    ///   - sessionStore: where to keep the session between runs (``MailboxSessionFile``); nil for none.
    public init(
        server: URL, identity: Identity? = nil, configuration: Configuration = Configuration(), sessionStore: (any MailboxSessionStore)? = nil
    ) {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.server = URL(string: text) ?? server
        self.identity = identity
        self.configuration = configuration
        self.sessionStore = sessionStore
        http = MailboxHTTP(configuration)
    }

    /// A client for a server address as a person typed it: `http` or `https`, with a host.
    /// - Parameters:
    ///   - serverAddress: the address, such as `https://handshake.example.org`.
    ///   - identity: whose account to sign in to; `nil` for public calls only.
    ///   - configuration: limits, timing and the source of time.
    ///   - sessionStore: where to keep the session between runs; nil for none.
    /// - Throws: ``MailboxClientError/badServerURL(_:)``.
    public init(
        serverAddress: String, identity: Identity? = nil, configuration: Configuration = Configuration(),
        sessionStore: (any MailboxSessionStore)? = nil
    ) throws(MailboxClientError) {
        // The host read as every exchange reads it: an IPv6 address in brackets works, a host the resolver
        // would read as a number in another base does not.
        guard let url = URL(string: serverAddress), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.user == nil, url.password == nil, (try? NetworkHost(of: url)) != nil
        else { throw .badServerURL(serverAddress) }
        self.init(server: url, identity: identity, configuration: configuration, sessionStore: sessionStore)
    }

    // MARK: Signing in

    /// Signs in (challenge, labelled signature, token) and keeps the token for the calls that follow (and
    /// in the ``sessionStore``).
    ///
    /// Calls sign in by themselves when needed; this is for an app that wants to know at once whether the
    /// server accepts the identity. A session still valid goes with the challenge request, so a client
    /// renewing its token is not counted against the server's sign-in limits.
    @discardableResult
    public func signIn() async throws(MailboxClientError) -> MailboxSession {
        guard let identity else { throw .noIdentity }
        let renewing = session.flatMap { $0.expiresAt > configuration.now() ? $0.token : nil }
        let challenge: ChallengeResponse = try await call(
            "POST", MailboxPath.challenge, json: ChallengeRequest(sigKey: Base64URL.encode(identity.sigKey.rawRepresentation), nodeId: nil),
            signedIn: false, bearer: renewing)
        guard let bytes = Base64URL.decode(challenge.challenge) else { throw .unexpectedAnswer("the sign-in challenge is not base64url.") }
        // Signed for the purpose of a server challenge (docs/server.md), so no other signature of this key
        // can be taken for a sign-in.
        let signature = identity.sign(bytes, for: .serverChallenge)
        let token: TokenResponse = try await call(
            "POST", MailboxPath.token, json: TokenRequest(challenge: challenge.challenge, signature: Base64URL.encode(signature)),
            signedIn: false)
        let session = MailboxSession(token: token.token, nodeID: identity.nodeID, expiresAt: token.expiresAt)
        self.session = session
        sessionStore?.keep(session, on: server)
        return session
    }

    /// Signs out on the server: ends this client's session, or with `everywhere` every session of the
    /// account (a lost device's too). The token is forgotten either way; a later call signs in again.
    public func signOut(everywhere: Bool = false) async throws(MailboxClientError) {
        defer { forgetSession() }
        guard session != nil || everywhere else { return }
        _ = try await send("DELETE", everywhere ? MailboxPath.sessions : MailboxPath.session, signedIn: true)
    }

    /// Forgets the token (here and in the ``sessionStore``); the next call that needs one signs in again.
    public func forgetSession() {
        session = nil
        sessionStore?.forget()
    }

    /// A token that is still good for a while (this run's, or one kept from an earlier run), signing in when
    /// there is none.
    func currentToken() async throws(MailboxClientError) -> String {
        if session == nil, let identity { session = sessionStore?.session(on: server, for: identity.nodeID) }
        // A token a minute from expiry is renewed first, so a call does not fail half-way.
        if let session, session.expiresAt.timeIntervalSince(configuration.now()) > 60 { return session.token }
        return try await signIn().token
    }

    // MARK: Calls

    /// A JSON call: `body` encoded, the answer decoded as `Answer`; the server's refusal thrown.
    func call<Answer: Decodable>(
        _ method: String, _ template: String, _ values: [String: String] = [:], query: String? = nil, json body: (some Encodable)? = Empty?.none,
        signedIn: Bool = true, bearer: String? = nil
    ) async throws(MailboxClientError) -> Answer {
        let data: Data?
        do {
            data = try body.map { try JSONEncoder.mailbox.encode($0) }
        } catch {
            throw .unexpectedAnswer("the request could not be written (\(error)).")
        }
        let response = try await send(
            method, template, values, query: query, body: data, contentType: "application/json", signedIn: signedIn, bearer: bearer)
        return try decode(Answer.self, from: response)
    }

    /// Sends one request and returns the answer if its status is 2xx; on a 401 to a signed-in call, signs
    /// in again once and repeats (the token expired or was revoked). `bearer` goes with a call that is not
    /// signed in (a sign-in that renews a session).
    func send(
        _ method: String, _ template: String, _ values: [String: String] = [:], query: String? = nil, body: Data? = nil,
        contentType: String? = nil, accept: String = "application/json", signedIn: Bool, bearer: String? = nil
    ) async throws(MailboxClientError) -> BoundedHTTP.Response {
        var retried = false
        while true {
            var request = try makeRequest(method, template, values, query: query)
            request.setValue(accept, forHTTPHeaderField: "Accept")
            if let body {
                request.body = body
                if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
            }
            if signedIn {
                request.setValue("Bearer \(try await currentToken())", forHTTPHeaderField: "Authorization")
            } else if let bearer {
                request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
            }
            let response = try await http.send(request)
            if (200..<300).contains(response.status) { return response }
            if response.status == 401, signedIn, !retried {
                forgetSession()
                retried = true
                continue
            }
            throw refusal(from: response)
        }
    }

    /// The request for `template` filled with `values` on this server.
    func makeRequest(_ method: String, _ template: String, _ values: [String: String], query: String? = nil) throws(MailboxClientError)
        -> BoundedHTTP.Request
    {
        let path = MailboxPath.filled(template, values) + (query.map { "?" + $0 } ?? "")
        guard let url = URL(string: server.absoluteString + path) else { throw .badServerURL(server.absoluteString) }
        return BoundedHTTP.Request(method, url)
    }

    /// `Answer` from a 2xx answer's JSON body.
    func decode<Answer: Decodable>(_ type: Answer.Type, from response: BoundedHTTP.Response) throws(MailboxClientError) -> Answer {
        if Answer.self == Empty.self, let empty = Empty() as? Answer { return empty }
        do {
            return try JSONDecoder.mailbox.decode(Answer.self, from: response.body)
        } catch {
            throw .unexpectedAnswer("a \(response.status) answer that is not the API's JSON.")
        }
    }

    /// The refusal a non-2xx answer carries: its documented code, or an unexpected answer.
    func refusal(from response: BoundedHTTP.Response) -> MailboxClientError {
        MailboxClientError(refusal: response.body, status: response.status, retryAfter: response.header("Retry-After").flatMap { Int($0) })
    }

    /// A card the server handed over, verified here; `nodeID`, when given, is whose the server says it is.
    func verifiedCard(_ base64URL: String, of nodeID: NodeID? = nil) throws(MailboxClientError) -> SignedCard {
        guard let bytes = Base64URL.decode(base64URL) else { throw .cardDoesNotVerify(.unreadableText("it is not base64url.")) }
        return try verifiedCard(bytes, of: nodeID)
    }

    /// Card bytes the server handed over, verified here.
    func verifiedCard(_ bytes: [UInt8], of nodeID: NodeID?) throws(MailboxClientError) -> SignedCard {
        let card: SignedCard
        do throws(CardRejection) {
            card = try CardVerifier().verify(bytes, now: configuration.now())
        } catch {
            throw .cardDoesNotVerify(error)
        }
        // A card whose key moves vouch for it from `nodeID`'s key is that person's newest card (card.md, key 17).
        if let nodeID, card.nodeID != nodeID, !card.card.movedFrom.contains(nodeID) {
            throw .someoneElsesCard(expected: nodeID, received: card.nodeID)
        }
        return card
    }

    /// No body, or an answer whose body is not read.
    struct Empty: Codable, Sendable {}
}

/// A signed-in session: the bearer token the server issued and until when it accepts it.
public struct MailboxSession: Sendable, Equatable {
    /// The bearer token. Keep it secret: it acts for the account until it expires.
    public let token: String
    /// The account it signs in to.
    public let nodeID: NodeID
    /// When the server stops accepting it.
    public let expiresAt: Date

    /// A session the server issued (or one kept from an earlier run: ``MailboxSessionStore``).
    public init(token: String, nodeID: NodeID, expiresAt: Date) {
        self.token = token
        self.nodeID = nodeID
        self.expiresAt = expiresAt
    }
}

extension JSONEncoder {
    /// The mailbox API's JSON: ISO 8601 times, slashes unescaped.
    static var mailbox: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// The mailbox API's JSON: ISO 8601 times.
    static var mailbox: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
