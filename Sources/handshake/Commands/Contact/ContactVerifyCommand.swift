import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ContactVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare your security code with a contact's, in person.",
        discussion: """
            The security code belongs to the two of you: 60 digits, the same on both devices, made from both \
            of your keys. If the digits match what the other person's device shows, nobody swapped their card \
            on the way to you. Mark the contact verified by typing the code they read out (spaces are ignored), \
            or by scanning the code their device shows:
              handshake contact verify ada                       show the code
              handshake contact verify ada --code "12345 67890 …"
              handshake contact verify ada --scan "HSC1:…"
              handshake contact verify ada --clear               forget the verification
            A wrong code says "Incorrect security code" and exits with status 1.
            """
    )

    @OptionGroup var selector: ContactSelector
    @Option(help: ArgumentHelp("The 60 digits the other device shows.", valueName: "digits")) var code: String?
    @Option(help: ArgumentHelp("The HSC1:… text scanned from the other device.", valueName: "payload")) var scan: String?
    @Flag(help: "Remove the verification.") var clear = false
    @OptionGroup var output: OutputOptions

    struct CodeJSON: Encodable {
        var contact: String
        var code: String
        var groups: [String]
        var scannable: String
        var verifiedAt: String?
    }

    func validate() throws {
        if [code != nil, scan != nil, clear].filter({ $0 }).count > 1 {
            throw ValidationError("Choose one of --code, --scan and --clear.")
        }
        if let code, code.contains(where: { !($0.isWhitespace || $0 == "-" || ("0"..."9").contains($0)) }) {
            throw ValidationError("A security code holds only digits (spaces and dashes are ignored).")
        }
    }

    func run() throws {
        let account = try HandshakeHome.current().account()
        let contact = try account.book.contact(resolving: selector.who)
        let securityCode = try account.securityCode(with: contact)

        if clear {
            try account.book.clearSecurityCodeVerified(contact.id)
            print("The security code of \(TerminalText.value(contact.displayName)) is no longer marked verified.")
            return
        }
        if code != nil || scan != nil {
            let marked: Contact?
            if let code {
                marked = try account.verifySecurityCode(code, with: contact)
            } else {
                do {
                    marked = try account.verifySecurityCode(scanned: scan ?? "", with: contact)
                } catch let error as ScannableSecurityCode.ParseError {
                    throw CommandFailure("Incorrect security code: \(error.description)")
                }
            }
            guard marked != nil else { throw CommandFailure("Incorrect security code. \(contact.displayName) is not marked verified.") }
            print("Security code matches: \(TerminalText.value(contact.displayName)) is verified.")
            return
        }
        let scannable = try account.scannableSecurityCode(with: contact).payload
        if output.json {
            try Output.json(CodeJSON(contact: contact.displayName, code: securityCode.digits, groups: securityCode.groups,
                                     scannable: scannable, verifiedAt: contact.securityCodeVerifiedAt?.formatted(.iso8601)))
            return
        }
        print("Security code with \(TerminalText.value(contact.displayName)):\n")
        print(TerminalLine(lines: securityCode.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")))
        print("")
        if let qr = SecurityCodeDisplay.qrLines(for: scannable) { Output.graphics(qr.joined(separator: "\n")) }
        print("For their device to scan: \(scannable)")
        print(contact.securityCodeVerifiedAt.map { "\nVerified \($0.formatted(.iso8601))." }
            ?? "\nNot verified yet. If the digits match their screen: handshake contact verify \"\(selector.who)\" --code \"…\"")
    }
}
