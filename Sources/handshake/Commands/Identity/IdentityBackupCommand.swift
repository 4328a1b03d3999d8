import ArgumentParser
import HandshakeCore
import HandshakeStore

struct IdentityBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Show the backup code of your identity.",
        discussion: """
            The code is your identity: anyone who has it can sign cards as you. Write it on paper and keep \
            it somewhere safe; restore it with `handshake identity restore`. Each group of five characters \
            has its own check, so a typo is found and its group named.
            """
    )

    @OptionGroup var output: OutputOptions

    func run() throws {
        let account = try HandshakeHome.current().account()
        let identity = account.identity
        let groups = account.backupCode
        if output.json {
            try Output.json(["nodeId": identity.nodeID.rawValue, "code": groups.joined(separator: "-")])
        } else {
            print("Backup code for Node ID \(identity.nodeID). Keep it secret; it is your identity.\n")
            for start in stride(from: 0, to: groups.count, by: 4) {
                print("  \(groups[start..<min(start + 4, groups.count)].joined(separator: " "))")
            }
        }
    }
}
