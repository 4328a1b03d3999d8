import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct IdentityRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back your identity from its backup code.",
        discussion: """
            Case, spaces and hyphens don't matter, and O, I and L are read as 0, 1 and 1. Your keys and \
            Node ID come back; the fields of your card are not part of the code, so set them again with \
            `handshake card set`.

            Example:
              handshake identity restore "0A1B2 C3D4E …"
            """
    )

    @Argument(help: "The backup code (quote it, or give its groups as separate arguments).")
    var code: [String]

    @Option(help: "Your name on the restored card, when this device has no card yet.")
    var name: String?

    @Flag(help: "Replace a different identity that already exists here.")
    var force = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !code.isEmpty else { throw ValidationError("Give the backup code.") }
        do {
            _ = try SeedBackup.restore(from: code.joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let backupCode = code.joined(separator: " ")
        let storage = HandshakeHome.current().storage
        if try HandshakeAccount.holds(backupCode: backupCode, storage: storage) {
            let identity = Identity(seed: try SeedBackup.restore(from: backupCode))
            print("This identity (Node ID \(identity.nodeID)) is already here; nothing to do.")
            return
        }
        let identity: Identity
        do {
            identity = try HandshakeAccount.restore(backupCode: backupCode, storage: storage, name: name, replacing: force).identity
        } catch let error as CardFieldError {
            throw ValidationError(error.description)
        }
        if output.json {
            try Output.json(["nodeId": identity.nodeID.rawValue, "didKey": identity.didKey.description])
        } else {
            print("Restored the identity with Node ID \(identity.nodeID).")
            if name == nil { print("Your card has no fields yet: set them with `handshake card set --name …`.") }
        }
    }
}
