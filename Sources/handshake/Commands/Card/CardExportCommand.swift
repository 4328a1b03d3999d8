import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import HandshakePresentation
import HandshakeQR
import HandshakeQRPNG

/// The forms `card export` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case cbor
    case qrText = "qr-text"
    case code
    case link
    case vcard
    case png
    case svg
    case vcJWT = "vc-jwt"

    var cardForm: CardForm {
        switch self {
        case .cbor: return .cbor
        case .qrText: return .qrText
        case .code: return .code
        case .link: return .link
        case .vcard: return .vcard
        case .png, .svg: return .qrText  // pictures of the QR code, which holds the QR text
        case .vcJWT: return .cbor  // the credential carries the signed card's bytes
        }
    }
}

struct CardExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write your card, freshly signed, in a form others can receive.",
        discussion: """
            Formats:
              cbor      the signed card's bytes (binary; use -o FILE or redirect)
              qr-text   HS1:… text for a QR code
              code      the read-aloud code, in groups of five characters
              link      handshake://card#…: the card travels in the link itself
              vcard     a vCard 4.0 for address books, with the signed card inside
              png       a picture of the card's QR code (binary: use -o FILE)
              svg       the same QR code as SVG
              vc-jwt    a W3C Verifiable Credential (JWT) signed by your did:key

            With --web, link gives your card's page on your registered server \
            (https://SERVER/c#…), which any phone opens, and png and svg its QR code.

            A vc-jwt (alg EdDSA) is for wallets and verifiers, and carries your signed card too, so \
            Handshake reads it back verified. It follows VC Data Model 1.1 by default (what OpenID4VP's \
            jwt_vc_json and most wallets read); --vc-version 2 writes VC Data Model 2.0 (VC-JOSE-COSE, typ \
            vc+jwt). Both are read. Every QR code has error correction M.

            Only the fields in your sharing profile go out (see `handshake card profile`).
            """
    )

    @Option(help: "The form to write.") var format: ExportFormat = .qrText
    @Option(help: ArgumentHelp("With --format vc-jwt: the VC Data Model version, 1.1 or 2.", valueName: "version"))
    var vcVersion: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "With link, png or svg: your card's page on your registered server (https://SERVER/c#…), as share --web shows it.")
    var web = false

    /// The data model `--vc-version` names.
    var dataModel: VCDataModel {
        switch vcVersion {
        case "2", "2.0": .v2
        default: .v1_1
        }
    }

    func validate() throws {
        if let vcVersion {
            guard format == .vcJWT else { throw ValidationError("--vc-version goes with --format vc-jwt.") }
            guard ["1.1", "2", "2.0"].contains(vcVersion) else {
                throw ValidationError("--vc-version must be 1.1 or 2 (the versions of the VC Data Model Handshake writes); \"\(vcVersion)\" is neither.")
            }
        }
        if web && ![.link, .png, .svg].contains(format) {
            throw ValidationError("--web goes with --format link, png or svg: the card page link, or its QR code.")
        }
        if (format == .cbor || format == .png) && output == nil && isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("The \(format.rawValue) format is binary; write it to a file with -o FILE or redirect standard output.")
        }
    }

    func run() throws {
        let home = HandshakeHome.current()
        let server = try web ? RegisteredServer.url(in: home) : nil
        let account = try home.account()
        let identity = account.identity
        let card = try account.issueCard()
        let bytes: [UInt8]
        switch format {
        case .code:
            // Groups of five, eight to a line, for reading aloud; decoding ignores the spacing.
            let groups = CardText.code(card)
            let lines = stride(from: 0, to: groups.count, by: 8).map { groups[$0..<min($0 + 8, groups.count)].joined(separator: " ") }
            bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        case .link where server != nil:
            bytes = Array((CardQR.text(for: card, server: server) + "\n").utf8)
        case .qrText, .link:
            bytes = CardText.encode(card, as: format.cardForm) + Array("\n".utf8)
        case .cbor, .vcard:
            bytes = CardText.encode(card, as: format.cardForm)
        case .png:
            bytes = try CardQRCode.make(for: card, server: server).png(moduleSize: 8, quietZone: 4)
        case .vcJWT:
            bytes = Array((try VCJWTIssuer.issue(card, identity: identity, now: Date(), dataModel: dataModel) + "\n").utf8)
        case .svg:
            bytes = Array(try CardQRCode.make(for: card, server: server).svg(quietZone: 4, moduleSize: 8).utf8)
        }
        try Output.write(bytes, to: output)
    }
}
