import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import HandshakeWalletPass

struct CardWalletPassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet-pass",
        abstract: "Make an Apple Wallet pass of your card (a .pkpass file).",
        discussion: """
            The pass shows the fields you share, and its QR code is your signed card: whoever scans it in \
            Wallet receives the card, verifiable as from any screen. Apple signs nothing here: the pass is \
            signed with your Pass Type ID certificate and its key (from developer.apple.com, exported as \
            PEM), with Apple's WWDR intermediate certificate given as --chain. The pass type identifier and \
            team identifier are read from the certificate (its UID and OU) unless given.

            Or let your registered mailbox server sign it (--server), if its operator gave it a pass \
            certificate: only the SHA-256 of the pass's manifest goes to the server; the card stays here.

            Examples:
              handshake card wallet-pass --certificate pass.pem --key pass.key --chain wwdr.pem -o card.pkpass
              handshake card wallet-pass --server -o card.pkpass
            """
    )

    @Option(help: ArgumentHelp("The Pass Type ID certificate, PEM.", valueName: "file")) var certificate: String?
    @Option(help: ArgumentHelp("Its private key, PEM.", valueName: "file")) var key: String?
    @Option(help: ArgumentHelp("The chain to include (Apple's WWDR intermediate), PEM.", valueName: "file")) var chain: String?
    @Flag(help: "Have your registered server sign it: only the manifest's SHA-256 is sent, never the card.") var server = false
    @Option(help: "The pass type identifier, when the certificate does not name it.") var passTypeId: String?
    @Option(help: "The team identifier, when the certificate does not name it.") var teamId: String?
    @Option(help: "The issuer name on the pass.") var organization = "Handshake"
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the pass.", valueName: "file")) var output: String

    func validate() throws {
        if server {
            guard certificate == nil && key == nil && chain == nil else {
                throw ValidationError("Give --server or --certificate and --key, not both.")
            }
        } else if certificate == nil || key == nil {
            throw ValidationError("Give --certificate and --key (your Pass Type ID certificate), or --server to have your server sign.")
        }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let card = try home.account().issueCard()
        do {
            let bytes: [UInt8]
            let passType: String
            if server {
                (bytes, passType) = try await signedByServer(card, home: home)
            } else {
                let signer = try PassSigner(
                    certificatePEM: try PEMFile.read(certificate ?? ""), privateKeyPEM: try PEMFile.read(key ?? ""),
                    chainPEM: try chain.map(PEMFile.read))
                let pass = try pass(card, passType: signer.passTypeIdentifier, team: signer.teamIdentifier)
                (bytes, passType) = (try PassPackage.pkpass(pass, signer: signer), pass.passTypeIdentifier)
            }
            try LocalFile.write(bytes, to: output)
            print("Wrote \(output) (\(bytes.count.formatted()) bytes): the pass \(passType) of \(DisplayName.of(card)).")
        } catch let error as WalletPassError {
            throw CommandFailure(error.description)
        }
    }

    /// The pass, signed by the registered server from its manifest's digest: the server names its pass type
    /// and team first, since pass.json (and so the manifest) holds them.
    private func signedByServer(_ card: SignedCard, home: HandshakeHome) async throws -> ([UInt8], String) {
        let client = try RegisteredServer.client(in: home)
        let signer = try await client.passSigner()
        let pass = try pass(card, passType: signer.passTypeIdentifier, team: signer.teamIdentifier)
        let bytes = try await PassPackage.pkpass(pass) { try await client.signPassManifest(sha256: $0) }
        return (bytes, pass.passTypeIdentifier)
    }

    private func pass(_ card: SignedCard, passType: String?, team: String?) throws -> WalletPass {
        guard let passType = passTypeId ?? passType else {
            throw CommandFailure("The certificate names no pass type identifier (its subject has no UID); give --pass-type-id.")
        }
        guard let team = teamId ?? team else {
            throw CommandFailure("The certificate names no team identifier (its subject has no OU); give --team-id.")
        }
        return WalletPass(card: card, passTypeIdentifier: passType, teamIdentifier: team, organizationName: organization)
    }
}
