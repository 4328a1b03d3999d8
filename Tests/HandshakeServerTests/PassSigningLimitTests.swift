import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import HandshakeWalletPass
import HummingbirdTesting
import Testing

/// The server's wallet-pass signing is limited per account, as share links are: within an hour an
/// account gets ``MailboxPolicy/passSignaturesPerWindow`` signatures, the next is refused with 429, the
/// stable code and a `Retry-After` that says when the oldest leaves the window, and another account is
/// not affected. The signer is a real one, with a Pass Type ID certificate openssl makes for the run.
@Suite struct PassSigningLimitTests {
    @Test(arguments: Backend.allCases) func theSignatureOverTheHourlyLimitIsRefusedWithRetryAfter(_ backend: Backend) async throws {
        let ca = try await PassCertificateAuthority()
        var policy = MailboxPolicy()
        policy.passSignaturesPerWindow = 3
        var mailbox = try await TestMailbox(backend, clock: ManualClock(Date()), policy: policy)
        mailbox.server.passSigner = try PassSigner(certificatePEM: try ca.text("pass.pem"), privateKeyPEM: try ca.text("pass.key"))
        // Any 32 bytes will do: the server signs a digest it cannot check, which is why it is limited.
        let digest = Base64URL.encode([UInt8](repeating: 7, count: 32))
        let clock = mailbox.clock
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let grace = try await client.person("Grace")
            func sign(_ token: String) async throws -> TestResponse {
                try await client.call(.post, "/v1/wallet-pass/signature", token: token, json: ["manifestSha256": digest])
            }
            #expect(try await sign(ada.token).status == .ok)
            clock.advance(by: 10 * 60)
            #expect(try await sign(ada.token).status == .ok)
            #expect(try await sign(ada.token).status == .ok)
            let limited = try await sign(ada.token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.code == "rate_limited")
            #expect((try limited.object()["message"] as? String)?.contains("wallet passes") == true)
            // The oldest signature leaves the window 50 minutes from now.
            #expect(limited.headers[.retryAfter] == "3000")
            // Another account has its own count.
            #expect(try await sign(grace.token).status == .ok)
            clock.advance(by: 2999)
            #expect(try await sign(ada.token).code == "rate_limited")
            clock.advance(by: 1)
            // The session from an hour ago has expired too; sign in again.
            let token = try await client.signIn(ada.identity)
            #expect(try await sign(token).status == .ok)
            #expect(try await sign(token).code == "rate_limited")
        }
    }
}
