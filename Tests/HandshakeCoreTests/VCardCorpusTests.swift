import Foundation
import Testing

@testable @_spi(Wire) import HandshakeCore

/// Real exports from address books (VCardCorpus/README.md says where each came from), read by our parser
/// and by Python's `vobject`: every entry either imports with its fields or is refused for a reason named
/// here; we import at least as many contacts as vobject reads from every file; and the fields vobject
/// reads agree with ours, except where a difference is named here with the reason.
@Suite("vCard corpus: real address-book exports")
struct VCardCorpusTests {
    static let directory = TestFiles.directory.appendingPathComponent("VCardCorpus")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".vcf") }.sorted()
    }

    /// Entries that do not import, by file and entry number, with (part of) the reason given.
    static let refused: [String: [Int: String]] = [
        // The 2.1 test file nests two vCards in a parent with no AGENT property: the parent has no
        // END:VCARD of its own before the next BEGIN, so it is refused; both nested cards import.
        "android-v21_nest.vcf": [1: "no END:VCARD"]
    ]

    /// Fields where our reading differs from vobject's on purpose, by "file|field".
    static let differences: [String: String] = [
        // vCard 2.1 escapes only ";": vobject keeps "\\C", we read every backslash escape as 3.0 does.
        "android-v21_backslash.vcf|name": "2.1 backslash escapes",
        // The parent of the nested cards has no END:VCARD of its own (see `refused`); vobject nests them.
        "android-v21_nest.vcf|entry parent": "nested vCards without AGENT",
        // "\\:" is no vCard escape; vobject keeps the backslash, we read the colon.
        "ezvcard-John_Doe_MAC_ADDRESS_BOOK.vcf|notes": "the non-standard escape \\:",
        // The base64 holds a ":"; vobject decodes around it, we refuse the photo as damaged.
        "android-v21_malformed_photo.vcf|photo": "damaged base64",
    ]

    @Test func theCorpusHasTwentyOrMoreExports() {
        #expect(Self.files.count >= 20)
        let readme = (try? String(contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        for file in Self.files { #expect(readme.contains(file), "\(file) is not listed in VCardCorpus/README.md") }
    }

    @Test(arguments: files)
    func everyEntryImportsOrIsRefusedForANamedReason(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(file)))
        let results = VCardParser.parseAll(bytes)
        #expect(!results.isEmpty)
        var refusedHere: [Int: String] = [:]
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let entry):
                if entry.name == nil && entry.emails.isEmpty && entry.phones.isEmpty { refusedHere[index + 1] = "no name, email or phone" }
            case .failure(let error):
                refusedHere[index + 1] = error.description
            }
        }
        let expected = Self.refused[file] ?? [:]
        #expect(Set(refusedHere.keys) == Set(expected.keys), "\(file): refused \(refusedHere)")
        for (entry, reason) in expected { #expect(refusedHere[entry]?.contains(reason) == true, "\(file) entry \(entry): \(refusedHere[entry] ?? "imported")") }
    }

    @Test(arguments: files)
    func atLeastAsManyAsVobjectWithTheSameFields(file: String) async throws {
        let path = Self.directory.appendingPathComponent(file)
        let imported = VCardParser.parseAll([UInt8](try Data(contentsOf: path))).compactMap { try? $0.get() }
            .filter { $0.name != nil || !$0.emails.isEmpty || !$0.phones.isEmpty }
        let result = try await python.run("vcard_corpus.py", ["path": path.path])
        let cards = try #require(result["cards"] as? [[String: Any]])
        #expect(imported.count >= cards.count, "\(file): we import \(imported.count), vobject reads \(cards.count)")

        var next = 0
        for card in cards {
            let name = card["name"] as? String
            // The entry vobject read: ours with the same name, in file order; else one whose name starts
            // with vobject's (vobject stops at a quoted-printable soft break, and at a bare comma in FN).
            let sameName = imported[next...].firstIndex { Self.same($0.name, name) || Self.differences["\(file)|name"] != nil }
            let startsSame = imported[next...].firstIndex { !Self.normalized(name).isEmpty && Self.normalized($0.name).hasPrefix(Self.normalized(name)) }
            guard let match = sameName ?? startsSame else {
                if Self.differences["\(file)|entry \(name ?? "")"] == nil {
                    Issue.record("\(file): vobject read \(name ?? "(no name)"), which we did not import")
                }
                continue
            }
            next = match + 1
            let entry = imported[match]
            func check(_ field: String, _ ours: String?, _ theirs: String?, prefix: Bool = false) {
                guard Self.differences["\(file)|\(field)"] == nil else { return }
                let (a, b) = (Self.normalized(ours), Self.normalized(theirs))
                // vobject stops at a quoted-printable soft line break; the part it read must start ours.
                let agrees = a == b || (prefix && !b.isEmpty && a.hasPrefix(b))
                #expect(agrees, "\(file) \(name ?? ""): \(field) is \(ours ?? "nil") here, \(theirs ?? "nil") in vobject")
            }
            check("name", entry.name, name, prefix: true)
            check("emails", entry.emails.joined(separator: "|"), (card["emails"] as? [String])?.joined(separator: "|"))
            check("phones", entry.phones.joined(separator: "|"), (card["tels"] as? [String])?.joined(separator: "|"))
            check("company", entry.company, card["org"] as? String)
            check("title", entry.title, card["title"] as? String)
            check("notes", entry.bio, (card["notes"] as? [String]).map { $0.joined(separator: "\n\n") }, prefix: true)
            if let adr = card["adr"] as? [String] {
                check("address", entry.location, adr.filter { !$0.isEmpty }.joined(separator: ", "), prefix: true)
            }
            if let photo = card["photoBytes"] as? Int, photo <= CardLimits.avatarBytes, Self.differences["\(file)|photo"] == nil,
                case .dropped(let why) = entry.photo
            {
                // vobject decoded a photo within our limit: ours must be kept unless it is no PNG/JPEG.
                #expect(why.contains("not a PNG or JPEG"), "\(file): photo dropped: \(why)")
            }
        }
    }

    static func same(_ a: String?, _ b: String?) -> Bool { normalized(a) == normalized(b) }

    /// Compared without whitespace, commas and case: vobject splits structured values at commas and keeps
    /// line breaks as written.
    static func normalized(_ text: String?) -> String {
        (text ?? "").lowercased().unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "," }
            .map(String.init).joined()
    }
}
