import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeServer
import Hummingbird
import Testing

/// The share-link landing page: the card page with the link's card in it (readable without script), the
/// vCard of it, its own page and status for each refusal, escaped names, and a policy that runs the page's own
/// files and nothing else.
@Suite struct LandingPageTests {
    @Test(arguments: Backend.allCases) func aUsableLinkShowsTheCardPageAndDoesNotBurn(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            let page = try await client.call(.get, "/share/contact/\(token)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'; img-src 'self' blob: data:;") == true)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[try #require(HTTPFields.Element.Name("Referrer-Policy"))] == "no-referrer")
            let html = String(buffer: page.body)
            #expect(html.contains("<h1>Ada</h1>"))
            // The card for the script, which verifies it again; the link's token for its reply.
            #expect(html.contains("data-card=\"\(Base64URL.encode(ada.card.bytes))\" data-token=\"\(token)\""))
            // Root paths, so the page works under both forms of the link; its links name the owner.
            #expect(html.contains("<script type=\"module\" src=\"/c/page.js\"></script>"))
            #expect(html.contains("href=\"/share/contact/\(token)/\(ada.nodeID)?format=vcf\" download>Save to Contacts</a>"))
            #expect(html.contains("href=\"handshake://contact/\(token)/\(ada.nodeID)\""))
            #expect(!html.contains("<style") && !html.contains(" style=") && html.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "no inline style or handler")
            // The link's form that names its owner is the same page; one that names someone else is no link.
            #expect(String(buffer: try await client.call(.get, "/share/contact/\(token)/\(ada.nodeID)").body) == html)
            let bob = try await client.person("Bob")
            #expect(try await client.call(.get, "/share/contact/\(token)/\(bob.nodeID)").status == .notFound)
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
        }
    }

    /// Save to Contacts without script: the card as HandshakeCore's vCard, as an attachment, at either form of
    /// the link with `?format=vcf`; a refused link gets its page there too, and another format is refused.
    @Test(arguments: Backend.allCases) func theVCardOfALink(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let token = try await client.shareToken(for: ada)
            let expected = String(decoding: CardText.encode(ada.card, as: .vcard), as: UTF8.self)
            for path in ["/share/contact/\(token)?format=vcf", "/share/contact/\(token)/\(ada.nodeID)?format=vcf", "/share/contact/\(token)?utm_source=chat&format=vcf"] {
                let vCard = try await client.call(.get, path)
                #expect(vCard.status == .ok, "\(path)")
                #expect(vCard.headers[.contentType] == "text/vcard; charset=utf-8")
                #expect(vCard.headers[.contentDisposition] == "attachment; filename=\"contact.vcf\"")
                #expect(vCard.headers[.cacheControl] == "no-store")
                #expect(String(buffer: vCard.body) == expected)
            }
            #expect(try await client.call(.get, "/share/contact/\(token)/\(bob.nodeID)?format=vcf").status == .notFound)
            let other = try await client.call(.get, "/share/contact/\(token)?format=json")
            #expect(other.status == .badRequest && String(buffer: other.body).contains("?format=vcf"))
            // The old address of the vCard is no route: the link's second segment is its owner's Node ID.
            #expect(try await client.call(.get, "/share/contact/\(token)/contact.vcf").status == .notFound)
            mailbox.clock.advance(by: 24 * 60 * 60)
            let expired = try await client.call(.get, "/share/contact/\(token)/\(ada.nodeID)?format=vcf")
            #expect(expired.status == .gone && String(buffer: expired.body).contains("<h1>This link has expired</h1>"))
            #expect(String(buffer: expired.body).contains("href=\"/c/page.css\""))
        }
    }

    /// The page is written for each view from a card verified once: a newer card shows at once.
    @Test(arguments: Backend.allCases) func aRepublishedCardShowsAtOnce(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            let first = String(buffer: try await client.call(.get, "/share/contact/\(token)").body)
            #expect(String(buffer: try await client.call(.get, "/share/contact/\(token)").body) == first)
            mailbox.clock.advance(by: 60)
            let renamed = try Person.card(ada.identity, name: "Ada Lovelace", at: mailbox.clock.now())
            #expect(try await client.call(.put, "/v1/account/card", token: ada.token, raw: renamed.bytes).status == .ok)
            let html = String(buffer: try await client.call(.get, "/share/contact/\(token)").body)
            #expect(html.contains("<h1>Ada Lovelace</h1>") && html.contains(Base64URL.encode(renamed.bytes)))
        }
    }

    @Test(arguments: Backend.allCases) func eachRefusalHasItsOwnPageAndStatus(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let used = try await client.shareToken(for: ada)
            #expect(try await client.sendRequest(from: bob, token: used).status == .created)
            let revoked = try await client.shareToken(for: ada)
            #expect(try await client.call(.delete, "/v1/share-links/\(revoked)", token: ada.token).status == .noContent)
            let expired = try await client.shareToken(for: ada)
            mailbox.clock.advance(by: 24 * 60 * 60)

            for (token, status, heading) in [
                (used, 410, "This link was already used"), (revoked, 410, "This link was withdrawn"),
                (expired, 410, "This link has expired"), (String(repeating: "Z", count: 43), 404, "This link does not exist"),
                ("not-a-token", 404, "This link does not exist"),
            ] {
                let page = try await client.call(.get, "/share/contact/\(token)")
                #expect(Int(page.status.code) == status, "\(heading)")
                #expect(String(buffer: page.body).contains("<h1>\(heading)</h1>"))
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            }
        }
    }

    @Test(arguments: Backend.allCases) func markupInANameIsEscaped(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let token = try await client.signIn(identity)
            let card = try Person.card(identity, name: "<script>alert(1)</script> & \"Co\"", at: mailbox.clock.now())
            #expect(try await client.call(.put, "/v1/account/card", token: token, raw: card.bytes).status == .ok)
            let link = try await client.call(.post, "/v1/share-links", token: token)
            let linkToken = try #require(try link.object()["token"] as? String)
            let html = String(buffer: try await client.call(.get, "/share/contact/\(linkToken)").body)
            #expect(!html.contains("<script>"))
            #expect(html.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>"))
            #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; on Handshake</title>"))
        }
    }
}
