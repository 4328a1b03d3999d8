import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// Each way address books write a vCard, in a file made for it: versions, encodings, charsets, photos,
/// groups, type parameters, folds and line ends.
@Suite("vCard import: the forms address books write")
struct VCardImportFormsTests {
    static func entries(_ bytes: [UInt8]) throws -> [VCardEntry] {
        try VCardParser.parseAll(bytes).map { try $0.get() }
    }

    static func one(_ text: String) throws -> VCardEntry {
        let all = try entries(Array(text.utf8))
        try #require(all.count == 1)
        return all[0]
    }

    @Test func quotedPrintableSoftLineBreaksAreNotFolds() throws {
        let entry = try Self.one("""
            BEGIN:VCARD\r
            VERSION:2.1\r
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;\r
            NOTE;ENCODING=QUOTED-PRINTABLE:First line=0D=0A=\r
             second line starts with a space=\r
            ; and a semicolon\r
            ADR;HOME;QUOTED-PRINTABLE:;;Stra=C3=9Fe 1;Berlin;;10115;Deutschland\r
            END:VCARD\r

            """)
        #expect(entry.name == "Jürgen Müller")
        #expect(entry.bio == "First line\n second line starts with a space; and a semicolon")
        #expect(entry.location == "Straße 1, Berlin, 10115, Deutschland")
    }

    @Test func legacyCharsetsArereadPerProperty() throws {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1:".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72] + Array(";Ren".utf8) + [0xE9]
        bytes += Array("\r\nNOTE;CHARSET=WINDOWS-1252:".utf8) + [0x80, 0x20, 0x35, 0x96, 0x36]
        bytes += Array("\r\nORG;CHARSET=SHIFT_JIS:".utf8) + [0x88, 0xC0, 0x93, 0xA1]
        bytes += Array("\r\nTITLE;ENCODING=QUOTED-PRINTABLE;CHARSET=SHIFT_JIS:=83=8D=83=43=83=68".utf8)
        bytes += Array("\r\nEND:VCARD\r\n".utf8)
        let entry = try #require(try Self.entries(bytes).first)
        #expect(entry.name == "René Müller")
        #expect(entry.bio == "€ 5–6")
        #expect(entry.company == "安藤")
        #expect(entry.title == "ロイド")
    }

    @Test func anUndeclaredLegacyValueFallsBackSensibly() throws {
        // No CHARSET on FN, but the entry declares Shift_JIS elsewhere: that is the best guess.
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:".utf8) + [0x88, 0xC0, 0x93, 0xA1]
        bytes += Array("\r\nSOUND;X-IRMC-N;CHARSET=SHIFT_JIS:".utf8) + [0x83, 0x8D] + Array("\r\nEND:VCARD\r\n".utf8)
        // No charset anywhere: Windows-1252, as Windows programs write.
        bytes += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Fran".utf8) + [0xE7, 0x6F, 0x69, 0x73] + Array("\r\nEND:VCARD\r\n".utf8)
        let entries = try Self.entries(bytes)
        #expect(entries.map(\.name) == ["安藤", "François"])
    }

    @Test func photosAreKeptWhenTheyFitAndDroppedWithANoteWhenNot() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x11, count: 60)
        let base64 = Data(jpeg).base64EncodedString()
        // vCard 2.1: base64 over several unfolded lines, ended by a blank line.
        let lines = stride(from: 0, to: base64.count, by: 20).map { String(base64.dropFirst($0).prefix(20)) }
        let v21 = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:A\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:" + lines.joined(separator: "\r\n") + "\r\n\r\nTEL:1\r\nEND:VCARD\r\n"
        let v30 = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(base64)\r\nEND:VCARD\r\n"
        let v40 = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:C\r\nPHOTO:data:image/jpeg;base64,\(base64)\r\nEND:VCARD\r\n"
        for text in [v21, v30, v40] {
            let entry = try Self.one(text)
            #expect(entry.avatar?.data == jpeg)
            #expect(entry.notes.isEmpty)
        }
        #expect(try Self.one(v21).phones == ["1"])

        let large = [0xFF, 0xD8, 0xFF] + Array(repeating: UInt8(7), count: CardLimits.avatarBytes)
        let tooLarge = try Self.one("BEGIN:VCARD\r\nFN:D\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(Data(large).base64EncodedString())\r\nEND:VCARD\r\n")
        #expect(tooLarge.avatar == nil)
        #expect(tooLarge.notes == ["photo dropped: it is \((CardLimits.avatarBytes + 3).groupedDigits) bytes; an avatar may be at most \(CardLimits.avatarBytes.groupedDigits)"])
        let link = try Self.one("BEGIN:VCARD\r\nFN:E\r\nPHOTO;VALUE=uri:https://example.com/e.jpg\r\nEND:VCARD\r\n")
        #expect(link.notes.first?.contains("links are not fetched") == true)
    }

    @Test func groupedPropertiesCarryTheirLabel() throws {
        let entry = try Self.one("""
            BEGIN:VCARD
            VERSION:3.0
            FN:Ada
            item1.EMAIL;type=INTERNET:ada@work.example
            item1.X-ABLabel:_$!<Work>!$_
            item2.TEL:+44 1
            item2.X-ABLABEL:Boat
            ITEM3.URL:https://ada.example
            item3.X-ABLabel:Blog
            END:VCARD
            """)
        #expect(entry.labeled("EMAIL") == [.init(value: "ada@work.example", types: ["internet"], label: "Work")])
        #expect(entry.labeled("TEL").first?.label == "Boat")
        #expect(entry.links == [SocialLink(platform: "Blog", url: "https://ada.example")])
    }

    @Test func typeParametersInEverySpelling() throws {
        let entry = try Self.one("""
            BEGIN:VCARD
            VERSION:3.0
            FN:T
            TEL;WORK;VOICE:1
            TEL;TYPE=work,voice:2
            TEL;TYPE="work,voice":3
            TEL;TYPE=WORK;TYPE=VOICE:4
            TEL;type=work;type="voice,pref":5
            END:VCARD
            """)
        let tels = entry.labeled("TEL")
        #expect(tels.map(\.value) == ["1", "2", "3", "4", "5"])
        for tel in tels { #expect(tel.types.starts(with: ["work", "voice"]), "\(tel)") }
        #expect(tels[4].types == ["work", "voice", "pref"])
    }

    @Test func foldsLineEndsAndByteOrderMarks() throws {
        let body = ["BEGIN:VCARD", "VERSION:3.0", "FN:Folded", "  Name", "NOTE:a", "\tb", "EMAIL:x@example.com", "END:VCARD"]
        for separator in ["\r\n", "\n", "\r"] {
            for bom in [[], [UInt8(0xEF), 0xBB, 0xBF]] {
                let entry = try #require(try Self.entries(bom + Array(body.joined(separator: separator).utf8)).first)
                #expect(entry.name == "Folded Name")
                #expect(entry.bio == "ab")
                #expect(entry.emails == ["x@example.com"])
            }
        }
        // UTF-16 with a BOM, as some Windows programs save it.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in body.joined(separator: "\r\n").utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try Self.entries(utf16).first?.name == "Folded Name")
    }

    @Test func everyVersionReadsTheSameFields() throws {
        let versions = [
            "BEGIN:VCARD\nVERSION:2.1\nN:Doe;Jane\nTEL;CELL:+1 555 0100\nEMAIL;INTERNET:jane@example.com\nADR;WORK:;;1 Main St;Springfield;;12345;USA\nNOTE:Met at the fair\nEND:VCARD",
            "BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane;;;\nFN:Jane Doe\nTEL;TYPE=CELL:+1 555 0100\nEMAIL;TYPE=INTERNET:jane@example.com\nADR;TYPE=WORK:;;1 Main St;Springfield;;12345;USA\nNOTE:Met at the fair\nEND:VCARD",
            "BEGIN:VCARD\nVERSION:4.0\nFN:Jane Doe\nTEL;VALUE=uri;TYPE=cell:tel:+1 555 0100\nEMAIL:jane@example.com\nADR;TYPE=work:;;1 Main St;Springfield;;12345;USA\nNOTE:Met at the fair\nEND:VCARD",
        ]
        for text in versions {
            let entry = try Self.one(text)
            #expect(entry.name == "Jane Doe")
            #expect(entry.phones == ["+1 555 0100"])
            #expect(entry.emails == ["jane@example.com"])
            #expect(entry.location == "1 Main St, Springfield, 12345, USA")
            #expect(entry.bio == "Met at the fair")
        }
    }

    @Test func aBadEntryIsReportedAndTheRestRead() throws {
        let good = "BEGIN:VCARD\r\nFN:Good\r\nEND:VCARD\r\n"
        let huge = "BEGIN:VCARD\r\nFN:Huge\r\nNOTE:" + String(repeating: "x", count: VCardParser.maxEntryBytes) + "\r\nEND:VCARD\r\n"
        let results = VCardParser.parseAll(good + "BEGIN:VCARD\r\nFN:No end\r\n" + good + huge + good)
        #expect(results.count == 5)
        #expect(results[1] == .failure(.unterminated))
        guard case .failure(.tooLarge) = results[3] else { Issue.record("\(results[3])"); return }
        #expect(results.indices.filter { (try? results[$0].get())?.name == "Good" } == [0, 2, 4])
        #expect(VCardParser.ParseError.tooLarge(bytes: 600_000).description == "it is over 600,000 bytes; one vCard may be at most 524,288")
    }

    @Test func anAgentsEmbeddedVCardIsSkipped() throws {
        let entry = try Self.one("BEGIN:VCARD\nVERSION:2.1\nN:Boss\nAGENT:\nBEGIN:VCARD\nVERSION:2.1\nN:Assistant\nEND:VCARD\nTEL:1\nEND:VCARD\n")
        #expect(entry.name == "Boss")
        #expect(entry.phones == ["1"])
    }

    @Test func aLineThatIsNoPropertyIsSkippedWithANote() throws {
        let entry = try Self.one("BEGIN:VCARD\nVERSION:2.1\nFN:Ann\n# a comment line\nTEL:1\nEND:VCARD\n")
        #expect(entry.phones == ["1"])
        #expect(entry.notes == ["line 4 is not a vCard property and was skipped"])
    }

    /// The corpus damaged at random (bytes changed, line ends and "=" inserted, cut short): never a trap,
    /// and every entry the reader returns stays within its bounds. (FuzzVCard does this at length.)
    @Test func aDamagedCorpusNeverTraps() throws {
        var generator = SeededGenerator(seed: 11)
        let directory = VCardCorpusTests.directory
        for file in VCardCorpusTests.files {
            let original = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.insert([0x0D, 0x0A, 0x3D, 0x20, 0x3A, 0x3B, 0x22][Int.random(in: 0..<7, using: &generator)], at: at)
                    case 2: bytes.removeSubrange(at...)
                    default: bytes.insert(contentsOf: Array("BEGIN:VCARD\r\n".utf8), at: at)
                    }
                }
                for result in VCardParser.parseAll(bytes) {
                    guard let entry = try? result.get() else { continue }
                    #expect(entry.properties.count <= VCardParser.maxProperties)
                    _ = (entry.name, entry.company, entry.bio, entry.location, entry.emails, entry.phones, entry.links, entry.photo, entry.notes)
                }
            }
        }
    }
}
