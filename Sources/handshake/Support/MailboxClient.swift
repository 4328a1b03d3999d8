import Dispatch
import Foundation
import HandshakeCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The program's client for a mailbox server (docs/server.md): sign-in by challenge, JSON calls, and
/// the server's refusals turned into sentences for a person.
///
/// Every call is made from synchronous commands, so it blocks the calling thread until the answer
/// arrives. Cards received from the server are verified here again, never trusted as the server sent them.
struct MailboxClient {
    let baseURL: String
    var token: String?

    /// A refusal from the server: its stable code and its sentence.
    struct Refusal: Error, CustomStringConvertible {
        let status: Int
        let code: String
        let message: String
        /// For a refused share link, the Node ID of the person who made it.
        var owner: String?
        var description: String { message }
    }

    /// A client for the server recorded in `home` by `handshake server register`.
    static func registered(in home: HandshakeHome) throws -> MailboxClient {
        let file = home.url.appendingPathComponent("server.json")
        guard let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let url = object["url"] as? String
        else { throw CommandFailure("No server yet. Register with one first: handshake server register --server URL") }
        return MailboxClient(baseURL: url)
    }

    /// Records `baseURL` as this home's server.
    func save(in home: HandshakeHome) throws {
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONSerialization.data(withJSONObject: ["url": baseURL], options: [.prettyPrinted, .sortedKeys])
        try data.write(to: home.url.appendingPathComponent("server.json"))
    }

    /// Signs in as `identity` (challenge, labelled signature, token) and keeps the token.
    mutating func signIn(_ identity: Identity) throws {
        let challenge = try call("POST", "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
        guard let text = challenge["challenge"] as? String, let bytes = Base64URL.decode(text) else {
            throw CommandFailure("The server sent an unreadable sign-in challenge.")
        }
        // Signed for the purpose of a server challenge: "handshake server v1 challenge", a NUL byte, the
        // challenge (docs/server.md), so no other signature of this key can be taken for a sign-in.
        let signature = identity.sign(bytes, for: .serverChallenge)
        let answer = try call("POST", "/v1/auth/token", json: ["challenge": text, "signature": Base64URL.encode(signature)])
        guard let token = answer["token"] as? String else { throw CommandFailure("The server did not return a token.") }
        self.token = token
    }

    /// A JSON call; the decoded object, or the server's refusal.
    @discardableResult
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, raw: [UInt8]? = nil) throws -> [String: Any] {
        let (status, data) = try send(method, path, json: json, raw: raw)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else {
            throw Refusal(
                status: status, code: object["code"] as? String ?? "http_\(status)",
                message: object["message"] as? String ?? "The server answered \(status).", owner: object["owner"] as? String)
        }
        return object
    }

    /// Verifies a card the server handed over (base64url of the signed bytes).
    static func verifiedCard(_ text: Any?) throws -> SignedCard {
        guard let text = text as? String, let bytes = Base64URL.decode(text) else {
            throw CommandFailure("The server sent no readable card.")
        }
        do {
            return try CardVerifier().verify(bytes, now: Date())
        } catch {
            throw CommandFailure("The server sent a card that does not verify: \(error.description)")
        }
    }

    /// The verified published card of the account `nodeID`.
    func card(of nodeID: String) throws -> SignedCard {
        let (status, data) = try send("GET", "/v1/cards/\(nodeID)", json: nil, raw: nil)
        guard status == 200 else { throw CommandFailure("No card for \(nodeID) on \(baseURL).") }
        do {
            let card = try CardVerifier().verify(Array(data), now: Date())
            guard card.nodeID.rawValue == nodeID else { throw CommandFailure("The server sent someone else's card.") }
            return card
        } catch let rejection as CardRejection {
            throw CommandFailure("The server sent a card that does not verify: \(rejection.description)")
        }
    }

    private func send(_ method: String, _ path: String, json: [String: Any]?, raw: [UInt8]?) throws -> (Int, Data) {
        guard let url = URL(string: baseURL + path) else { throw CommandFailure("\(baseURL + path) is not a URL.") }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        } else if let raw {
            request.setValue("application/cose", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(raw)
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            outcome.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, status, error) = outcome.value
        guard let status else {
            throw CommandFailure("Could not reach \(baseURL): \(error?.localizedDescription ?? "no answer").")
        }
        return (status, data ?? Data())
    }

    /// The answer handed from URLSession's queue to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (Data?, Int?, (any Error)?) = (nil, nil, nil)
        func set(data: Data?, status: Int?, error: (any Error)?) { lock.withLock { stored = (data, status, error) } }
        var value: (Data?, Int?, (any Error)?) { lock.withLock { stored } }
    }
}

/// Share links as people paste them: the token alone, `https://HOST/share/contact/TOKEN`, or
/// `handshake://contact/TOKEN`.
enum ShareLinkText {
    /// The token in `text`, or `nil` if it is none of the three forms.
    static func token(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidate: Substring
        if let range = trimmed.range(of: "/share/contact/") {
            candidate = trimmed[range.upperBound...]
        } else if trimmed.hasPrefix("handshake://contact/") {
            candidate = trimmed.dropFirst("handshake://contact/".count)
        } else {
            candidate = Substring(trimmed)
        }
        let token = candidate.prefix { $0 != "?" && $0 != "#" && $0 != "/" }
        guard token.count == 43, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return String(token)
    }
}
