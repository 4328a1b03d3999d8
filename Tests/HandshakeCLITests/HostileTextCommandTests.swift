import Foundation
import Testing

/// Text from outside as a person sees it in the terminal: it never reaches the screen with a character that
/// could control it (the escape that clears the screen, a line break that forges a line, a right-to-left
/// override), whichever command prints it. What each form does with it is the readers' rule (refused or
/// cleaned); what is left is printed escaped, `\u{1B}`, on its own line.
@Suite("hostile text at the terminal")
struct HostileTextCommandTests {
    static let escape = UInt8(0x1B)

    /// Whether `result` wrote a character that could control a terminal (other than its own line feeds).
    static func controls(_ result: CLI.Result) -> Bool {
        (result.stdout + result.stderr).unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value))
        }
    }

    @Test func aPlaintextEnvelopeThatWouldClearTheScreenIsRefusedInOneLine() async throws {
        let home = try CLI()
        let envelope = "{\"format\":\"plaintext\",\"card\":{\"name\":\"\\u001b[2JEve\\nA Handshake card, verified\"}}"
        let result = try await home.run("scan", envelope)
        #expect(result.status == 1)
        #expect(result.stderr.contains("This plaintext card holds text a contact card may not hold, so it was refused"), "\(result.stderr)")
        #expect(!Self.controls(result))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func aVerifierNameWithEscapesIsShownEscapedOnOneLine() async throws {
        let home = try CLI()
        let link = "openid4vp://?client_id=%1B%5B2Jevil%0Averified%E2%80%AE&request_uri=https%3A%2F%2Fverifier.example%2Fr"
        let result = try await home.run("scan", link)
        #expect(!Self.controls(result), "\(result.stdout)")
        let verifierLine = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  verifier") })
        #expect(verifierLine == "  verifier  \\u{1B}[2Jevil\\u{A}verified\\u{202E}", "\(result.stdout)")
    }

    @Test func anImportedVCardIsListedWithoutItsControlCharacters() async throws {
        let home = try CLI()
        let vcf = home.file("book.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\u{1B}[2JEve\u{202E}Mallory\r\nEMAIL:eve@example.com\r\nEND:VCARD\r\n".utf8).write(to: vcf)
        let imported = try await home.run("import", vcf.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try await home.run("contacts")
        #expect(!Self.controls(listed), "\(listed.stdout)")
        #expect(listed.stdout.contains("[2JEveMallory"), "\(listed.stdout)")
        let shown = try await home.run("contact", "show", "[2JEveMallory")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!Self.controls(shown))
    }
}

/// Errors a person sees are sentences, with the real size of what was too large.
@Suite("input a command refuses, in sentences")
struct InputSentenceTests {
    @Test func aFolderATooLargeFileAndTooMuchStandardInputAreSentences() async throws {
        let home = try CLI()
        let folder = try await home.run("scan", home.home.path)
        #expect(folder.status == 1)
        #expect(folder.stderr == "Error: \(home.home.path) is a folder, not a file: give the file that holds the card or code.\n", "\(folder.stderr)")
        let big = home.file("big.txt")
        try Data(repeating: UInt8(ascii: "a"), count: 1_048_576).write(to: big)
        for command in ["scan", "add"] {
            let result = try await home.run(command, big.path)
            #expect(result.status == 1)
            #expect(result.stderr.contains("big.txt is 1,048,576 bytes; Handshake reads at most 512 KiB (524,288 bytes) of a card or code."), "\(result.stderr)")
        }
        let piped = try await home.run(["scan", "-"], stdin: Data(repeating: UInt8(ascii: "a"), count: 600_000))
        #expect(piped.stderr.contains("Standard input holds more than 512 KiB (524,288 bytes)"), "\(piped.stderr)")
    }

    @Test func aGarbagePEMIsASentence() async throws {
        let home = try CLI()
        #expect(try await home.run("init", "--name", "Ada").status == 0)
        let garbage = home.file("garbage.pem")
        try Data("not a certificate at all\n".utf8).write(to: garbage)
        let result = try await home.run("card", "wallet-pass", "--certificate", garbage.path, "--key", garbage.path, "-o", home.file("x.pkpass").path)
        #expect(result.status == 1)
        #expect(result.stderr == "Error: The pass certificate can't be read: it is not PEM text (it needs a -----BEGIN CERTIFICATE----- block).\n", "\(result.stderr)")
    }

    @Test func scanHelpSaysWhatExitStatus2Means() async throws {
        let help = try await CLI().run("scan", "--help")
        #expect(help.stdout.contains("2 when the") && help.stdout.contains("command line was wrong"), "\(help.stdout)")
    }
}
