import Foundation
import Testing

@Suite("handshake init and identity")
struct IdentityCommandTests {
    @Test("init refuses to overwrite an identity without --force")
    func initRefusesOverwrite() async throws {
        let cli = try CLI()
        #expect(try await cli.run("init", "--name", "Ada").status == 0)
        let nodeID = try await cli.run("card", "show", "--json").stdout
        let again = try await cli.run("init", "--name", "Eve")
        #expect(again.status == 1)
        #expect(again.stderr.contains("--force"))
        #expect(try await cli.run("card", "show", "--json").stdout == nodeID)
        #expect(try await cli.run("init", "--name", "Eve", "--force").status == 0)
        #expect(try await cli.run("card", "show", "--json").stdout != nodeID)
    }

    @Test("the seed file is owner-only, and one others can read is refused with the fix")
    func seedPermissions() async throws {
        let cli = try CLI()
        try await cli.run("init", "--name", "Ada")
        let seed = cli.file("identity.seed").path
        let attributes = try FileManager.default.attributesOfItem(atPath: seed)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: seed)
        let refused = try await cli.run("card", "show")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("chmod 600 \(seed)"))
    }

    @Test("backup and restore bring back the same identity, typed in lower case")
    func backupRestore() async throws {
        let ada = try CLI()
        try await ada.run("init", "--name", "Ada")
        let backup = try JSONSerialization.jsonObject(with: try await ada.run("identity", "backup", "--json").stdoutBytes) as? [String: String]
        let code = try #require(backup?["code"])
        let nodeID = try #require(backup?["nodeId"])

        let newDevice = try CLI()
        let restored = try await newDevice.run("identity", "restore", code.lowercased(), "--name", "Ada")
        #expect(restored.status == 0, "\(restored.stderr)")
        let json = try JSONSerialization.jsonObject(with: try await newDevice.run("card", "show", "--json").stdoutBytes) as? [String: Any]
        #expect(json?["nodeId"] as? String == nodeID)
    }

    @Test("a mistyped backup code names the group and changes nothing")
    func mistypedBackup() async throws {
        let ada = try CLI()
        try await ada.run("init", "--name", "Ada")
        let backup = try JSONSerialization.jsonObject(with: try await ada.run("identity", "backup", "--json").stdoutBytes) as? [String: String]
        var groups = try #require(backup?["code"]).split(separator: "-").map(String.init)
        let third = Array(groups[2])
        groups[2] = String(third[0]) + (third[1] == "7" ? "8" : "7") + String(third[2...])
        let newDevice = try CLI()
        let result = try await newDevice.run("identity", "restore", groups.joined(separator: " "))
        #expect(result.status == 2)
        #expect(result.stderr.contains("Group 3 has a typo"))
        #expect(!FileManager.default.fileExists(atPath: newDevice.file("identity.seed").path))
    }

    @Test("commands without an identity say how to create one")
    func noIdentity() async throws {
        let result = try await CLI().run("card", "show")
        #expect(result.status == 1)
        #expect(result.stderr.contains("handshake init --name"))
    }
}
