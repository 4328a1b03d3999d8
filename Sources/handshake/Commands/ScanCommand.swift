import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakePresentation

/// `handshake scan`: says what any scanned text is, and checks what it carries. Stores nothing.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Say what a scanned code is, check it, and show what it holds. Nothing is stored.",
        discussion: """
            Reads any text a phone's camera meets and routes it, in this order:
              • a Handshake card (binary, HS1:… QR text, handshake://card# link, typed code, vCard with a \
            Handshake card) → verified
              • a Handshake share link (handshake://contact/… or https://…/share/contact/…) → unverified \
            until the card it leads to is fetched
              • a Freepath card (freepath://contact/v1/…) → verified by its own key, as Freepath specifies
              • an OpenID4VP request (openid4vp://… or an https link with client_id) → a request to \
            present credentials, not a contact (answer it with `handshake present`)
              • a JSON envelope {"format": …}: plaintext → unverified; didSigned → verified only when its \
            credential's signature checks out; zkProof → recognised, not supported yet
              • a VC-JWT card or VP token (eyJ…) → verified by its did:key (EdDSA, Ed25519 or ES256)
              • a vCard without a Handshake card → unverified
            Anything else (a web link, a Wi-Fi code, an EU COVID certificate HC1:, MECARD, geo:, tel:, \
            mailto:, plain text…) is named and refused.

            To keep a card you scanned, use `handshake add` with the same input.
            Text from the code (names, claims, links) is shown with any control character escaped \
            (\\u{1B}), never interpreted; forms that hold text a card could not hold are refused.
            Exit status: 0 when a contact or request was read, 1 when the text was refused, 2 when the \
            command line was wrong (an unknown option, a missing argument).
            """
    )

    @Argument(help: ArgumentHelp("A file holding the scanned text, `-` for standard input, or the text itself.", valueName: "text"))
    var input: String = "-"

    @Option(help: ArgumentHelp("Scan the QR code in this picture (a PNG or JPEG screenshot or photo) instead.", valueName: "picture"))
    var image: String?

    @OptionGroup var output: OutputOptions

    struct Report: Encodable {
        var kind: String
        var route: String?
        var status: String?
        var form: String?
        var issuer: String?
        var algorithm: String?
        var card: ContactCard?
        var fields: CardFields?
        var request: [String: String]?
        var link: String?
        var reason: String?
        /// For a credential that names a `credentialStatus`: true, since Handshake does not check it.
        var statusNotChecked: Bool?
    }

    func run() async throws {
        let bytes = try image != nil ? await InputSource.read("-", orScanning: image) : Self.read(input)
        let kind = ScanRouter.classify(bytes)
        let result: ScanResult
        do {
            result = try await ScanRouter().read(bytes, now: Date())
        } catch {
            if output.json { try Output.json(Report(kind: kind.rawValue, reason: error.description)) }
            Output.error("Refused: \(error.description)")
            throw ExitCode(1)
        }
        var report = Report(kind: result.kind.rawValue, route: result.route.name, status: result.status.rawValue)
        switch result.route {
        case .handshakeCard(let signed, let form):
            report.form = form.rawValue
            report.card = signed.card
            if !output.json {
                print("A Handshake card (\(form.rawValue)), verified: signed by its owner.")
                CardPrinter.print(signed.card)
            }
        case .credential(let credential):
            report.issuer = credential.issuer.description
            report.algorithm = credential.algorithm.rawValue
            report.card = credential.handshakeCard?.card
            report.fields = credential.fields
            if credential.statusNotChecked { report.statusNotChecked = true }
            if !output.json {
                print("A Verifiable Credential (\(credential.algorithm.rawValue)), verified: signed by \(credential.issuer).")
                if let status = credential.statusSentence { print("\(status)") }
                if let card = credential.handshakeCard {
                    print("It carries a Handshake card, verified too:")
                    CardPrinter.print(card.card)
                } else {
                    print("It carries no Handshake card; its fields:")
                    Self.printFields(credential.fields)
                }
            }
        case .freepathCard(let card):
            report.issuer = card.sigKey.didKey.description
            report.fields = CardFields(name: card.name)
            if !output.json {
                print("A Freepath contact card, verified: signed by its own key.")
                print("\(DisplayName.of(card.name))")
                print("  Node ID   \(card.nodeID.rawValue)")
                print("  did:key   \(card.sigKey.didKey)")
            }
        case .unverifiedContact(let fields, let from):
            report.fields = fields
            if !output.json {
                print("Contact details from \(from.looksLike), UNVERIFIED: nobody's signature vouches for them.")
                Self.printFields(fields)
            }
        case .shareLink(let url):
            report.link = url.absoluteString
            if !output.json {
                print("A Handshake share link, unverified until the card it leads to is fetched and checked:")
                print("  \(TerminalText.value(url.absoluteString))")
            }
        case .presentationRequest(let request):
            var values = ["url": request.url]
            values["client_id"] = request.clientID
            values["request_uri"] = request.requestURI
            values["response_type"] = request.responseType
            report.request = values
            if !output.json {
                print("A request to present credentials (OpenID4VP), not a contact.")
                print("  verifier  \(request.clientID.map(TerminalText.value) ?? "(not named)")")
                if let uri = request.requestURI { print("  request   \(TerminalText.value(uri)) (fetched when answered)") }
                print("To answer it: handshake present '\(TerminalText.value(request.url))'")
            }
        }
        if output.json { try Output.json(report) }
    }

    static func printFields(_ fields: CardFields) {
        // Each value is from outside and stays on its line.
        print("\(DisplayName.of(fields.name))")
        // A row's value is escaped already; a bio keeps its indented continuation lines.
        for (label, value) in FieldRows.rows(fields, skipping: [.name], indent: 12) {
            print(TerminalLine(lines: "  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value))
        }
    }

    /// The file, standard input or the argument itself: any text can be scanned, so unlike a card argument
    /// the text is not required to look like a card.
    static func read(_ argument: String) throws -> [UInt8] {
        if argument == "-" || FileManager.default.fileExists(atPath: argument) {
            return try InputSource.read(argument, limit: ScanRouter.maxInputBytes)
        }
        return Array(argument.utf8)
    }
}
