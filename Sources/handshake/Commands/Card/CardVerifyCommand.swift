import ArgumentParser
import Foundation
import HandshakeCore

struct CardVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a card in any form and show it.",
        discussion: """
            Reads a binary card, QR text, typed code, handshake://card# link, card page link (https://SERVER/c#…) or vCard (the form is \
            detected), or scans the QR code in a picture (--image), and runs every check: format, schema, field limits, that the Node ID belongs to \
            the key, the signature, the date. Nothing is stored.

            Exit status: 0 when the card is valid, 1 when it is rejected (the reason goes to standard \
            error), 2 when the command line is wrong.
            """
    )

    @Argument(help: ArgumentHelp("A file holding the card, `-` for standard input, or the card text itself.", valueName: "file"))
    var input: String = "-"

    @Option(help: ArgumentHelp("Scan the QR code in this picture (PNG or JPEG) instead.", valueName: "file"))
    var image: String?

    @OptionGroup var output: OutputOptions

    struct Verdict: Encodable {
        var valid: Bool
        var form: CardForm?
        var reason: String?
        var card: ContactCard?
    }

    func run() async throws {
        let bytes = try await InputSource.read(input, orScanning: image)
        let result = Result { () throws(CardRejection) in try CardText.read(bytes, now: Date()) }
        switch result {
        case .success(let (signed, form)):
            if output.json {
                try Output.json(Verdict(valid: true, form: form, card: signed.card))
            } else {
                print("Valid card (read as \(form.rawValue)), signed by its owner.")
                CardPrinter.print(signed.card)
            }
        case .failure(let rejection):
            if output.json { try Output.json(Verdict(valid: false, reason: rejection.description)) }
            Output.error("Rejected: \(rejection.description)")
            throw ExitCode(1)
        }
    }
}
