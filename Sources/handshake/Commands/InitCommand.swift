import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create your identity and card.",
        discussion: """
            Generates a new identity from \(IdentitySeed.byteCount) random bytes (the seed) and starts your card with your name. \
            The seed is stored readable by you alone; write down its backup code with \
            `handshake identity backup`, because without it a lost device means a lost identity.
            """
    )

    @Option(help: "Your name as others will see it on your card (up to \(CardLimits.name) characters).")
    var name: String

    @Flag(help: "Replace an existing identity. The old one is gone for good unless you kept its backup code.")
    var force = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        do {
            try CardFields.validateName(name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let home = HandshakeHome.current()
        // The seed store refuses to overwrite an identity (exclusively created), so two inits at once
        // leave exactly one.
        let identity = try HandshakeAccount.create(name: name, storage: home.storage, replacing: force).identity

        if output.json {
            try Output.json(["nodeId": identity.nodeID.rawValue, "didKey": identity.didKey.description, "home": home.url.path])
        } else {
            print("Created the identity of \(name).")
            print("  Node ID   \(identity.nodeID)")
            print("  did:key   \(identity.didKey)")
            print("Next: write down your backup code (handshake identity backup), then add to your card (handshake card set --help).")
        }
    }
}
