import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import HandshakeQR

/// `handshake verifier request`: makes a presentation request on the registered server, shows its link as
/// a QR code, and waits for the answer, which the server has verified before recording it.
struct VerifierRequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Show a QR code asking for card fields, and wait for the verified answer.",
        discussion: """
            The person scans the code with their wallet (or runs `handshake present LINK`), sees that you ask \
            and for what, and chooses what to send. The server checks the presentation (signature, that it \
            answers this request's nonce and is for you, that it is fresh) before it records it, and accepts \
            one answer per request. A request can be answered for 5 minutes.

            Each person answers you with a key made for you alone: the same key every time they answer you, \
            unrelated to the key other verifiers see. Ask for handshakeCard to learn their Handshake identity \
            (they choose whether to send it).

            Fields: \(PresentableClaim.allCases.map(\.rawValue).joined(separator: ", ")).
            Exit status: 0 when fields were presented, 1 when the person declined or no answer came in time.

            Example:
              handshake verifier request --field name --field emails
            """
    )

    @Option(name: .customLong("field"), help: ArgumentHelp("A field to ask for (repeat for more; default: name).", valueName: "field"))
    var fields: [String] = []

    @Option(help: ArgumentHelp("Stop waiting after this many seconds (at most the request's 5 minutes).", valueName: "seconds"))
    var wait: Int = 300

    @Flag(help: "Print the request, then its outcome, as JSON lines.")
    var json = false

    func validate() throws {
        for name in fields where PresentableClaim(claimName: name) == nil {
            throw ValidationError("\"\(name)\" is not a field of a card (\(PresentableClaim.allCases.map(\.rawValue).joined(separator: ", "))).")
        }
        guard wait > 0 else { throw ValidationError("--wait must be at least 1 second.") }
    }

    /// The request as `--json` prints it first: the API's own names.
    struct MadeReport: Encodable {
        let id: String
        let requestUrl: String
        let clientId: String
        let expiresAt: String
    }

    /// The outcome as `--json` prints it second.
    struct OutcomeReport: Encodable {
        let id: String
        let status: String
        let expiresAt: String
        let holder: String?
        let fields: CardFields?
        let nodeId: String?
        let answeredAt: String?
    }

    func run() async throws {
        let client = try RegisteredServer.client(in: HandshakeHome.current())
        let claims = fields.compactMap(PresentableClaim.init(claimName:))
        let made = try await client.createPresentationRequest(asking: claims)
        if json {
            try printJSONLine(MadeReport(id: made.id, requestUrl: made.requestURL, clientId: made.clientID, expiresAt: made.expiresAt.formatted(.iso8601)))
        } else {
            // Unbuffered: whoever shows the code (or a script reading the link) sees it while this waits.
            Output.line("\(made.requestURL)")
            if let code = try? QRCode(encoding: made.requestURL) { Output.graphics(TerminalRenderer(style: .ansi).render(code)) }
            Output.line("Waiting up to \(min(wait, 300)) seconds for an answer…")
        }

        let outcome = try await waitForOutcome(client, id: made.id, seconds: min(wait, 300))
        if json {
            try printJSONLine(
                OutcomeReport(
                    id: outcome.id, status: outcome.status.rawValue, expiresAt: outcome.expiresAt.formatted(.iso8601), holder: outcome.holder,
                    fields: outcome.fields, nodeId: outcome.nodeID?.rawValue, answeredAt: outcome.answeredAt?.formatted(.iso8601)))
        }
        switch outcome.status {
        case .presented:
            if !json { printPresented(outcome) }
        case .declined:
            if !json { print("The person declined: nothing was presented.") }
            throw ExitCode.failure
        case .pending:
            if !json { print("No answer came within \(min(wait, 300)) seconds; the request is no longer waited for.") }
            throw ExitCode.failure
        }
    }

    /// Reads the request's outcome every half second until it is answered or `seconds` have passed.
    private func waitForOutcome(_ client: MailboxClient, id: String, seconds: Int) async throws -> PresentationRequestOutcome {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let outcome = try await client.presentationRequest(id)
            if outcome.status != .pending || ContinuousClock.now >= deadline { return outcome }
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    private func printPresented(_ outcome: PresentationRequestOutcome) {
        print("Presented, and verified by the server:")
        // The fields as their JSON names them (links as objects), one line each.
        let encoded = (try? JSONEncoder().encode(outcome.fields)).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        let fields = encoded ?? [:]
        for name in fields.keys.sorted() {
            let value = fields[name]
            let text = (value as? [String])?.joined(separator: ", ") ?? (value as? String) ?? "\(value ?? "")"
            print("  \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(text)")
        }
        if let nodeID = outcome.nodeID { print("  Node ID   \(nodeID.rawValue) (they presented their Handshake identity)") }
        if let holder = outcome.holder {
            print("Their key for you: \(holder) (the same each time they answer you; other verifiers see another).")
        }
    }

    private func printJSONLine(_ value: some Encodable) throws {
        try Output.jsonLine(value)
    }
}
