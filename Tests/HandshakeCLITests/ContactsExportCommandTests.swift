import Foundation
import Testing

@Suite("handshake contacts export")
struct ContactsExportCommandTests {
    /// An Outlook-style vCard 2.1 in Windows-1252 with a quoted-printable note over two lines.
    static let outlook: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=Windows-1252:M".utf8) + [0xFC]
        + Array("ller;Ren".utf8) + [0xE9] + Array("\r\nTEL;WORK;VOICE:+49 30 1234\r\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9 =\r\nat noon\r\nEND:VCARD\r\n".utf8)

    @Test("vcard: verified contacts come back verified; json lists every contact")
    func exportAndImportBack() async throws {
        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        let card = ada.file("ada.vcf")
        try #require(await ada.run("card", "export", "--format", "vcard", "-o", card.path).status == 0)

        let bob = try CLI()
        let outlook = bob.file("outlook.vcf")
        try Data(Self.outlook).write(to: outlook)
        let first = try await bob.run("import", card.path)
        #expect(first.stdout.contains("1 verified"), "\(first.stdout) \(first.stderr)")
        #expect(try await bob.run("import", outlook.path).stdout.contains("Imported 1 contacts (unverified)"))
        #expect(try await bob.run("contact", "set", "René Müller", "--alias", "René", "--tag", "work").status == 0)
        #expect(try await bob.run("contacts", "ren").stdout.contains("René"))

        let book = bob.file("book.vcf")
        let export = try await bob.run("contacts", "export", "-o", book.path)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("Exported 2 contacts"))
        let text = try String(contentsOf: book, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VCARD").count == 3)
        #expect(text.contains("VERSION:4.0") && text.contains("X-HANDSHAKE-CARD:") && text.contains("X-HANDSHAKE-ALIAS:René"))
        #expect(text.contains("NOTE:Café at noon"))

        let json = try await bob.run("contacts", "export", "--format", "json")
        let contacts = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        #expect(contacts.count == 2)
        #expect(contacts.contains { $0["verificationStatus"] as? String == "verified" && $0["card"] is String && $0["nodeId"] is String })
        #expect(contacts.contains { $0["name"] as? String == "René Müller" && $0["alias"] as? String == "René" && $0["tags"] as? [String] == ["work"] })

        let carol = try CLI()
        let back = try await carol.run("import", book.path)
        #expect(back.stdout.contains("Imported 1 contacts (unverified) and 1 verified"), "\(back.stdout) \(back.stderr)")
        let restored = try #require(try JSONSerialization.jsonObject(with: await carol.run("contacts", "--json").stdoutBytes) as? [[String: Any]])
        #expect(restored.contains { $0["name"] as? String == "Ada Lovelace" && $0["verificationStatus"] as? String == "verified" })
        #expect(restored.contains { $0["alias"] as? String == "René" && $0["tags"] as? [String] == ["work"] && $0["bio"] as? String == "Café at noon" })
    }

    @Test("an empty book exports an empty file and an empty JSON array")
    func emptyBook() async throws {
        let cli = try CLI()
        #expect(try await cli.run("contacts", "export").stdout == "")
        #expect(try await cli.run("contacts", "export", "--format", "json").stdout == "[]\n")
    }
}
