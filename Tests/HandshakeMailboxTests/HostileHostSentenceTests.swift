// A host or address from outside (a share link, a server address, a registration file) is named in the
// sentences of ShareLinkError and MailboxClientError escaped by Unicode scalar: an escape sequence, a
// bidirectional override or a line feed in it never reaches a terminal raw, and a quote followed by a
// combining mark (one Character, not a quote, to code that escapes by Character) is still a quote to the
// HTML escaper the app writes sentences through.
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeTestSupport
import Testing

@testable import HandshakeMailbox

struct HostileHostSentenceTests {
    static let host = HostileStrings.host
    static let raw = HostileStrings.hostControls

    static let sentences: [(String, String)] = [
        ("ShareLinkError.plainHTTP", ShareLinkError.plainHTTP(host: host).description),
        ("MailboxClientError.unreachable", MailboxClientError.unreachable(server: host, reason: "it did not answer within 30 seconds").description),
        ("MailboxClientError.addressNotAllowed", MailboxClientError.addressNotAllowed(server: host, reason: "it is at 10.0.0.5").description),
        ("MailboxClientError.badServerURL", MailboxClientError.badServerURL("https://" + host).description),
        ("MailboxClientError from a failure: too large", MailboxClientError(.tooLarge(host: host, limit: 1024)).description),
        ("MailboxClientError from a failure: unreachable", MailboxClientError(.unreachable(host: host, reason: "it broke off the connection")).description),
    ]

    @Test(arguments: 0..<sentences.count)
    func aHostileHostIsShownEscaped(_ index: Int) {
        let (name, sentence) = Self.sentences[index]
        for scalar in Self.raw {
            #expect(!sentence.unicodeScalars.contains(scalar), "\(name): U+\(String(scalar.value, radix: 16, uppercase: true)) raw in \(sentence.debugDescription)")
        }
        #expect(HostileStrings.holds(sentence, #"evil\u{1B}[2J\u{202E}elpmaxe"#), "\(name): the host is shown, its controls as escapes: \(sentence.debugDescription)")
        #expect(HostileStrings.holds(sentence, #".example\u{A}OK"#), "\(name): \(sentence.debugDescription)")
        // The quote keeps its mark (it is text, not a control), and where the sentence goes into a page the
        // quote is an entity: no U+0022 scalar is left, whatever follows it.
        let html = UntrustedText.htmlEscaped(sentence)
        #expect(!html.unicodeScalars.contains("\""), "\(name): \(html.debugDescription)")
        #expect(HostileStrings.holds(html, "&quot;\u{0301}"), "\(name): \(html.debugDescription)")
    }

    @Test func plainHTTPNamesAnOrdinaryHostAsItIs() {
        #expect(
            ShareLinkError.plainHTTP(host: "mailbox.example").description
                == "This share link uses plain http to mailbox.example: a share link uses https, or http only to this computer (127.0.0.1, [::1], localhost). It was not opened.")
    }

    @Test func aLinkWithAHostileHostIsRefusedWithoutNamingItRaw() {
        for text in ["http://\(Self.host)/share/contact/\(ShareLinkTests.token)", "https://\(Self.host)/share/contact/\(ShareLinkTests.token)"] {
            do throws(ShareLinkError) {
                _ = try ShareLink(validating: text)
                Issue.record("\(text.debugDescription) was read as a share link")
            } catch {
                for scalar in Self.raw { #expect(!error.description.unicodeScalars.contains(scalar), "\(error.description.debugDescription)") }
            }
        }
    }
}
