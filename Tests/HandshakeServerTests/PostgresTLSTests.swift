import Foundation
import HandshakeServer
import HandshakeTestSupport
import PostgresNIO
import Testing

/// `sslmode` and `sslrootcert` mean what they mean to libpq, against a PostgreSQL started with ssl=on and a
/// throwaway CA made by `openssl` (scripts/start-postgres --tls: its certificate is made out to `localhost`
/// only), and against the test cluster, which offers no TLS. Every refusal is a sentence, given at once
/// rather than after the 30 s a database that does not answer yet is waited for.
@Suite(.serialized, .tags(.runsAlone)) struct PostgresTLSTests {
    /// Starts a storage for `url`, lets it reach the database and migrate, and says whether its connection
    /// is encrypted; or the error that stopped it, within 10 s.
    /// `startTimeout`: how long a database that does not answer is waited for (its default, 30 s, otherwise).
    static func connect(_ url: String, startTimeout: Duration? = nil) async throws -> Result<Bool, any Error> {
        var configuration: PostgresStorage.Configuration
        do {
            configuration = try PostgresStorage.Configuration(url: url)
        } catch {
            return .failure(error)
        }
        if let startTimeout { configuration.startTimeout = startTimeout }
        let storage = PostgresStorage(configuration: configuration, logger: TestPostgres.logger)
        return try await withTimeLimit(.seconds(10), "connecting with \(url)") {
            await withTaskGroup(of: Result<Bool, any Error>?.self) { group in
                group.addTask {
                    await storage.pool.run()
                    return nil
                }
                group.addTask {
                    do {
                        try await storage.prepare()
                        let row = try #require(try await storage.pool.rows("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first)
                        return .success(try row["ssl"].decode(Bool.self))
                    } catch {
                        return .failure(error)
                    }
                }
                defer { group.cancelAll() }
                while let next = await group.next() {
                    if let outcome = next { return outcome }
                }
                return .failure(CancellationError())
            }
        }
    }

    /// `url` with its host replaced and `query` appended.
    static func url(_ base: String, host: String? = nil, _ query: String) -> String {
        var text = base
        if let host { text = text.replacingOccurrences(of: "@127.0.0.1:", with: "@\(host):") }
        return text + "?" + query
    }

    /// The sentence of a refusal (`PostgresUnavailable` at start, `DatabaseLocationError` for the URL).
    static func sentence(_ outcome: Result<Bool, any Error>) -> String {
        guard case .failure(let error) = outcome else { return "connected" }
        return "\(error)"
    }

    @Test func eachModeConnectsOrRefusesAsLibpqDoes() async throws {
        let cluster = try await OwnCluster.start(tls: true)
        do {
            let (ca, other) = (cluster.tlsFile("ca.crt"), cluster.tlsFile("other-ca.crt"))
            // Encrypted or not, without checking who the server is.
            #expect(try await Self.connect(Self.url(cluster.url, "sslmode=disable")).get() == false)
            #expect(try await Self.connect(Self.url(cluster.url, "sslmode=allow")).get() == false)
            #expect(try await Self.connect(Self.url(cluster.url, "sslmode=prefer")).get() == true)
            #expect(try await Self.connect(Self.url(cluster.url, "sslmode=require")).get() == true, "require encrypts without verifying")
            // Checked against the CA named.
            #expect(try await Self.connect(Self.url(cluster.url, "sslmode=verify-ca&sslrootcert=\(ca)")).get() == true)
            #expect(try await Self.connect(Self.url(cluster.url, host: "localhost", "sslmode=verify-full&sslrootcert=\(ca)")).get() == true)

            let untrusted = Self.sentence(try await Self.connect(Self.url(cluster.url, "sslmode=verify-ca&sslrootcert=\(other)")))
            #expect(untrusted.contains("presented a certificate that the CA certificates in \(other) did not sign"), "\(untrusted)")
            #expect(untrusted.contains("sslrootcert=FILE"))
            #expect(!untrusted.contains("CERTIFICATE_VERIFY_FAILED"))
            // libpq: a CA named with require checks it as verify-ca does.
            let required = Self.sentence(try await Self.connect(Self.url(cluster.url, "sslmode=require&sslrootcert=\(other)")))
            #expect(required.contains("did not sign"), "\(required)")
            // The certificate names localhost, not 127.0.0.1: verify-full refuses, verify-ca did not mind.
            let wrongHost = Self.sentence(try await Self.connect(Self.url(cluster.url, "sslmode=verify-full&sslrootcert=\(ca)")))
            #expect(wrongHost.contains("presented a certificate that is not made out to 127.0.0.1"), "\(wrongHost)")
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    @Test func aServerWithoutTLSIsMetAsTheModeSays() async throws {
        let base = try TestPostgres.url()
        #expect(try await Self.connect(Self.url(base, "sslmode=prefer")).get() == false, "prefer goes on without TLS")
        #expect(try await Self.connect(Self.url(base, "sslmode=allow")).get() == false)
        let required = Self.sentence(try await Self.connect(Self.url(base, "sslmode=require")))
        #expect(required.contains("does not offer TLS, which the URL's sslmode=require asks for"), "\(required)")
        let system = Self.sentence(try await Self.connect(Self.url(base, "sslrootcert=system")))
        #expect(system.contains("does not offer TLS, which the URL's sslmode=verify-full asks for"), "\(system)")
    }

    /// Nobody at the address: the sentence says so in words, never as the socket library's
    /// "Connection errors: SingleConnectionFailure(…)".
    @Test func nobodyAtTheAddressIsSaidInWords() async throws {
        let refusing = try RefusingPort()
        let said = Self.sentence(try await Self.connect(
            "postgres://handshake:secret@127.0.0.1:\(refusing.port)/handshake?sslmode=disable", startTimeout: .seconds(1)))
        #expect(said.contains("PostgreSQL at 127.0.0.1:\(refusing.port) could not be reached: nothing answers at that address and port (connection refused)."), "\(said)")
        #expect(!said.contains("SingleConnectionFailure") && !said.contains("errno"), "\(said)")
    }

    @Test func aURLWhoseTLSCannotWorkIsRefusedWithASentence() throws {
        let base = "postgres://handshake:secret@127.0.0.1:5432/handshake"
        func refusal(_ query: String) -> String {
            do {
                _ = try PostgresStorage.Configuration(url: "\(base)?\(query)")
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(refusal("sslmode=bogus") == "sslmode=bogus is not one of disable, allow, prefer, require, verify-ca, verify-full.")
        #expect(refusal("sslmode=verify-full&sslrootcert=/no/such/ca.crt").contains("sslrootcert /no/such/ca.crt cannot be read"))
        #expect(refusal("sslmode=require&sslrootcert=system").contains("needs sslmode=verify-full"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-notpem-\(UUID().uuidString)")
        try Data("not a certificate\n".utf8).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(refusal("sslmode=verify-ca&sslrootcert=\(folder.path)").contains("holds no certificate in PEM form"))
        #expect(refusal("sslmode=require") == "accepted")
    }
}
