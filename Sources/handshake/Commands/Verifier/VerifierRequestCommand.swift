import ArgumentParser
import Dispatch
import Foundation
import HandshakeCredentials
import HandshakeQR

/// `handshake verifier request`: makes a presentation request on the registered server, shows its link as
/// a QR code, and waits for the answer, which the server has verified before recording it.
struct VerifierRequestCommand: ParsableCommand {
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

            Fields: name, bio, location, company, title, emails, phones, links, skills, handshakeCard.
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

    func run() throws {
        let home = HandshakeHome.current()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(try home.identity())
        let made: [String: Any]
        do {
            made = try client.call("POST", "/v1/presentations/requests", json: ["claims": fields.isEmpty ? ["name"] : fields])
        } catch let refusal as MailboxClient.Refusal {
            throw CommandFailure(refusal.message)
        }
        guard let id = made["id"] as? String, let link = made["requestUrl"] as? String else {
            throw CommandFailure("The server returned no presentation request.")
        }
        if json {
            try printJSONLine(made)
        } else {
            // Unbuffered: whoever shows the code (or a script reading the link) sees it while this waits.
            Output.line(link)
            if let code = try? QRCode(encoding: link) { Output.line(TerminalRenderer(style: .ansi).render(code)) }
            Output.line("Waiting up to \(min(wait, 300)) seconds for an answer…")
        }

        let outcome = try waitForOutcome(client, id: id, seconds: min(wait, 300))
        if json { try printJSONLine(outcome) }
        switch outcome["status"] as? String {
        case "presented":
            if !json { printPresented(outcome) }
        case "declined":
            if !json { print("The person declined: nothing was presented.") }
            throw ExitCode.failure
        default:
            if !json { print("No answer came within \(min(wait, 300)) seconds; the request is no longer waited for.") }
            throw ExitCode.failure
        }
    }

    /// Reads the request's outcome every half second until it is answered or `seconds` have passed.
    private func waitForOutcome(_ client: MailboxClient, id: String, seconds: Int) throws -> [String: Any] {
        let deadline = DispatchTime.now() + .seconds(seconds)
        while true {
            let outcome = try client.call("GET", "/v1/presentations/requests/\(id)")
            if outcome["status"] as? String != "pending" || DispatchTime.now() >= deadline { return outcome }
            Thread.sleep(forTimeInterval: 0.5)
        }
    }

    private func printPresented(_ outcome: [String: Any]) {
        print("Presented, and verified by the server:")
        let fields = outcome["fields"] as? [String: Any] ?? [:]
        for name in fields.keys.sorted() {
            let value = fields[name]
            let text = (value as? [String])?.joined(separator: ", ") ?? (value as? String) ?? "\(value ?? "")"
            print("  \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(text)")
        }
        if let nodeID = outcome["nodeId"] as? String { print("  Node ID   \(nodeID) (they presented their Handshake identity)") }
        if let holder = outcome["holder"] as? String {
            print("Their key for you: \(holder) (the same each time they answer you; other verifiers see another).")
        }
    }

    private func printJSONLine(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        Output.line(String(decoding: data, as: UTF8.self))
    }
}
