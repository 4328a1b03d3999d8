import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@Suite("security codes")
struct SecurityCodeTests {
    // The worked example of docs/formats/security-code.md (checked against an independent Python script).
    let keyA = SigningPublicKey(rawRepresentation: Array(0..<32))!
    let keyB = SigningPublicKey(rawRepresentation: Array(32..<64))!

    @Test("the documented worked example")
    func workedExample() {
        let code = SecurityCode(ownKey: keyA, theirKey: keyB)
        #expect(code.groups == ["30520", "65848", "65957", "93397", "70797", "76166", "54349", "88835", "79808", "34329", "55018", "66415"])
        #expect(SecurityCode.fingerprint(of: keyA.rawRepresentation).count == 32)
        #expect(ScannableSecurityCode(ownKey: keyA, theirKey: keyB).payload
            == "HSC1:18091WA78*CA%OV-WK2:C37IQ.55C2$KJMGJWU4B4V$9V-7QEA8VCEP3O4R4A/5143EEJB%CFMCSKMH%IKO2TPJ+LP0MMN:KK3")
    }

    @Test("both people see the same 60 digits")
    func symmetric() {
        let a = Identity.generate(), b = Identity.generate()
        let seenByA = SecurityCode(ownKey: a.sigKey, theirKey: b.sigKey)
        #expect(seenByA == SecurityCode(ownKey: b.sigKey, theirKey: a.sigKey))
        #expect(seenByA.digits.count == 60 && seenByA.digits.allSatisfy(\.isNumber))
        #expect(seenByA.groups.count == 12)
        #expect(seenByA != SecurityCode(ownKey: a.sigKey, theirKey: Identity.generate().sigKey))
    }

    @Test("typed codes: spaces and dashes ignored, any wrong digit refused")
    func typed() {
        let code = SecurityCode(ownKey: keyA, theirKey: keyB)
        #expect(code.matches(typed: code.groups.joined(separator: " ")))
        #expect(code.matches(typed: code.description))
        #expect(code.matches(typed: code.groups.joined(separator: "-")))
        var wrong = Array(code.digits)
        wrong[59] = wrong[59] == "0" ? "1" : "0"
        #expect(!code.matches(typed: String(wrong)))
        #expect(!code.matches(typed: String(code.digits.dropLast())))
        #expect(!code.matches(typed: code.digits + "0"))
        #expect(!code.matches(typed: ""))
    }

    @Test("scanning checks both halves")
    func scanning() throws {
        let shownByA = try ScannableSecurityCode(parsing: ScannableSecurityCode(ownKey: keyA, theirKey: keyB).payload)
        #expect(shownByA.matches(ownKey: keyB, theirKey: keyA))
        // The wrong scanner, the wrong contact, or A's own code scanned by A: all refused.
        #expect(!shownByA.matches(ownKey: keyA, theirKey: keyB))
        #expect(!shownByA.matches(ownKey: Fixture.other.sigKey, theirKey: keyA))
        #expect(!shownByA.matches(ownKey: keyB, theirKey: Fixture.other.sigKey))
        #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode) { try ScannableSecurityCode(parsing: "HSC1:AAAA") }
        #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode) { try ScannableSecurityCode(parsing: "hello") }
    }

    @Test("a scanned payload is read in any letter case, with white space around it, and nothing else")
    func scannedText() throws {
        let payload = ScannableSecurityCode(ownKey: keyA, theirKey: keyB).payload
        let code = try ScannableSecurityCode(parsing: payload)
        #expect(try ScannableSecurityCode(parsing: " \n" + payload.lowercased() + "\r\n\t") == code)
        // Unicode upper-casing turns "ſ" into "S" and "ı" into "I": text with these look-alikes is not the
        // payload, however alike it reads.
        let lookAlikes = ["Hſc1:" + payload.dropFirst(5), "HSC1:" + payload.dropFirst(5).replacingOccurrences(of: "S", with: "ſ"),
                          "HSC1:" + payload.dropFirst(5).replacingOccurrences(of: "I", with: "ı")]
        for text in lookAlikes {
            #expect(text != payload)
            #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode, "\(text)") { try ScannableSecurityCode(parsing: text) }
        }
        // Its length is fixed: one character more or less, or a screenful of white space, is not a code.
        #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode) { try ScannableSecurityCode(parsing: payload + "0") }
        #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode) { try ScannableSecurityCode(parsing: String(payload.dropLast())) }
        #expect(throws: ScannableSecurityCode.ParseError.notASecurityCode) {
            try ScannableSecurityCode(parsing: String(repeating: " ", count: 1024) + payload)
        }
    }
}
