import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakePresentation

/// `handshake present`: answers an OpenID4VP request with the fields the person allows. Stores nothing and
/// creates no contact: a verifier is not a contact.
struct PresentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Answer a request to present credentials (OpenID4VP) with the card fields you allow.",
        discussion: """
            Reads an OpenID4VP request (openid4vp://… or an https link; a request_uri in it is fetched), shows \
            who asks and for which fields, asks you to confirm, and sends the answer to the verifier \
            (direct_post). Only the fields you allow and the verifier asks for are sent, in a credential made \
            for this answer alone and valid for 5 minutes.

            Each verifier sees its own key for you (derived from your identity for that verifier), so two \
            verifiers can't tell they met the same person. Your Handshake identity (your signed card and \
            Node ID) is sent only when the verifier asks for it and you allow handshakeCard; that answer is \
            linkable to you on purpose.

            Fields: \(PresentableClaim.allCases.map(\.rawValue).joined(separator: ", ")).
            Without --allow, the fields asked for are proposed (never handshakeCard). Declining tells the \
            verifier (access_denied). Exit status: 0 when the verifier accepted the answer, 1 otherwise.
            """
    )

    @Argument(help: ArgumentHelp("The request link (openid4vp://… or https://…), or - for standard input.", valueName: "request"))
    var request: String?

    @Option(name: .long, help: ArgumentHelp("Read the request link from this file.", valueName: "file"))
    var file: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A field you allow to be sent (repeat for more).", valueName: "field"))
    var allow: [String] = []

    @Flag(name: .long, help: "Send without asking for confirmation.")
    var yes = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (request == nil) != (file == nil) else { throw ValidationError("Give the request link, or --file FILE, but not both.") }
        for name in allow where PresentableClaim(claimName: name) == nil {
            throw ValidationError("\"\(name)\" is not a field you can present (\(PresentableClaim.allCases.map(\.rawValue).joined(separator: ", "))).")
        }
    }

    struct Report: Encodable {
        var verifier: String
        var clientID: String
        var sent: Bool
        var holder: String?
        var disclosed: [String: [String]]?
        var status: Int?
        var redirectURI: String?
        var reason: String?
    }

    func run() async throws {
        let text = try readRequest()
        let flow = PresentationFlow()
        let authorization = try await flow.request(from: text, now: Date())

        let home = HandshakeHome.current()
        let account = try home.account()
        let identity = account.identity
        let profile = try account.profile()
        let card: SignedCard
        do {
            card = try CardProfile(card: profile.card, sharedFields: Set(CardField.allCases), identity: identity).issueCard(identity: identity)
        } catch {
            throw CommandFailure("Your card can't be presented: \(error.description)")
        }

        let asked = authorization.askedClaims
        let allowed = PresentationConsent.allowed(named: Set(allow.compactMap { PresentableClaim(claimName: $0) }), asked: asked)
        if !output.json { Self.describe(authorization, allowed: allowed) }

        if !yes {
            guard Prompt.canAsk else {
                throw CommandFailure("Confirm with --yes to send this answer (standard input is not a terminal, so nobody can be asked).")
            }
            guard Prompt.choose("Send this answer to \(TerminalText.value(authorization.clientID.displayName))?", ["yes", "no"]) == "yes" else {
                await flow.decline(authorization)
                if output.json {
                    try Output.json(Report(verifier: authorization.clientID.displayName, clientID: authorization.clientID.description, sent: false, reason: "declined"))
                } else {
                    print("Declined; the verifier was told. Nothing was sent.")
                }
                throw ExitCode(1)
            }
        }

        let answer: PresentationAnswer
        do {
            answer = try PresentationAnswer(request: authorization, identity: identity, card: card, allowed: allowed, now: Date())
        } catch {
            throw CommandFailure(error.description)
        }
        var report = Report(
            verifier: authorization.clientID.displayName, clientID: authorization.clientID.description, sent: true,
            holder: answer.holder.description, disclosed: answer.disclosed.mapValues { $0.sorted().map(\.rawValue) })
        let accepted: VerifierAcceptance
        do {
            accepted = try await flow.send(answer)
        } catch {
            if case .verifierRefused(let reason, let status) = error {
                (report.status, report.reason) = (status, reason)
                if output.json { try Output.json(report) }
            }
            throw CommandFailure(error.description)
        }
        report.status = 200
        report.redirectURI = accepted.redirectURI?.absoluteString
        if output.json {
            try Output.json(report)
        } else {
            print("Sent to \(TerminalText.value(authorization.clientID.displayName)); it accepted the answer.")
            if let redirect = accepted.redirectURI { print("It asks you to continue at \(redirect.absoluteString)") }
            if accepted.ignoredRedirect { print("It named a place to continue that is not an https address; it was left out.") }
        }
    }

    func readRequest() throws -> String {
        let bytes: [UInt8]
        if let file {
            bytes = try InputSource.read(file, limit: AuthorizationRequest.maxURLBytes)
        } else if request == "-" {
            bytes = try InputSource.read("-", limit: AuthorizationRequest.maxURLBytes)
        } else {
            bytes = Array((request ?? "").utf8)
        }
        guard bytes.count <= AuthorizationRequest.maxURLBytes else {
            throw CommandFailure("This request is longer than \(AuthorizationRequest.maxURLBytes) bytes; it was refused.")
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func describe(_ request: AuthorizationRequest, allowed: Set<PresentableClaim>) {
        switch request.clientID {
        case .redirectURI(let url):
            print("\(TerminalText.value(request.clientID.displayName)) asks you to present credentials (answers go to \(TerminalText.value(url.absoluteString))).")
        case .decentralizedIdentifier(let key):
            print("\(TerminalText.value(key.description)) asks you to present credentials (its request is signed by that key).")
        }
        for credential in request.credentialRequests {
            let asked = credential.wantsWholeCredential ? "your whole card" : credential.askedClaims.sorted().map(\.rawValue).joined(separator: ", ")
            print("  \(TerminalText.value(credential.queryID))\(credential.isRequired ? "" : " (optional)"): \(asked.isEmpty ? "no fields" : asked)")
        }
        print("You allow: \(allowed.isEmpty ? "nothing" : allowed.sorted().map(\.rawValue).joined(separator: ", ")).")
        if allowed.contains(.handshakeCard), request.askedClaims.contains(.handshakeCard) {
            print("Your Handshake identity will be sent: this verifier will be able to link the answer to you.")
        } else {
            print("The verifier will see a key made for it alone, not your Handshake identity.")
        }
    }
}
