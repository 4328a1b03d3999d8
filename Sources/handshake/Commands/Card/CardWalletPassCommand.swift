import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeWalletPass

struct CardWalletPassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet-pass",
        abstract: "Make an Apple Wallet pass of your card (a .pkpass file).",
        discussion: """
            The pass shows the fields you share, and its QR code is your signed card: whoever scans it in \
            Wallet receives the card, verifiable as from any screen. Apple signs nothing here: the pass is \
            signed with your Pass Type ID certificate and its key (from developer.apple.com, exported as \
            PEM), with Apple's WWDR intermediate certificate given as --chain. The pass type identifier and \
            team identifier are read from the certificate (its UID and OU) unless given.

            Example:
              handshake card wallet-pass --certificate pass.pem --key pass.key --chain wwdr.pem -o card.pkpass
            """
    )

    @Option(help: ArgumentHelp("The Pass Type ID certificate, PEM.", valueName: "file")) var certificate: String
    @Option(help: ArgumentHelp("Its private key, PEM.", valueName: "file")) var key: String
    @Option(help: ArgumentHelp("The chain to include (Apple's WWDR intermediate), PEM.", valueName: "file")) var chain: String?
    @Option(help: "The pass type identifier, when the certificate does not name it.") var passTypeId: String?
    @Option(help: "The team identifier, when the certificate does not name it.") var teamId: String?
    @Option(help: "The issuer name on the pass.") var organization = "Handshake"
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the pass.", valueName: "file")) var output: String

    func run() throws {
        let home = HandshakeHome.current()
        let card = try home.issueCard(for: try home.identity())
        do {
            let signer = try PassSigner(
                certificatePEM: try Self.text(certificate), privateKeyPEM: try Self.text(key), chainPEM: try chain.map(Self.text))
            guard let passType = passTypeId ?? signer.passTypeIdentifier else {
                throw CommandFailure("The certificate names no pass type identifier (its subject has no UID); give --pass-type-id.")
            }
            guard let team = teamId ?? signer.teamIdentifier else {
                throw CommandFailure("The certificate names no team identifier (its subject has no OU); give --team-id.")
            }
            let pass = WalletPass(card: card, passTypeIdentifier: passType, teamIdentifier: team, organizationName: organization)
            let bytes = try PassPackage.pkpass(pass, signer: signer)
            try Data(bytes).write(to: URL(fileURLWithPath: output))
            print("Wrote \(output) (\(bytes.count.formatted()) bytes): the pass \(passType) of \(card.card.name ?? card.nodeID.rawValue).")
        } catch let error as WalletPassError {
            throw CommandFailure(error.description)
        }
    }

    static func text(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("\(path) can't be read.") }
        return String(decoding: data, as: UTF8.self)
    }
}
