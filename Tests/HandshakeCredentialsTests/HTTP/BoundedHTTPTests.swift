import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCredentials

/// The bounded exchange against servers that misbehave on purpose (HostileHTTPServer): the time limit is a
/// deadline for the whole exchange, so a server dripping an answer a byte at a time does not hold the
/// caller; the size limit, no redirect, no credentials sent, IPv6, and addresses refused before any
/// connection.
struct BoundedHTTPTests {
    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func aSilentServerEndsAtTheDeadlineAndNotBefore() async throws {
        let server = try await HostileHTTPServer(.silent)
        defer { Task { await server.stop() } }
        let deadline = ManualDeadline()
        var http = BoundedHTTP(timeout: .seconds(30), maxResponseBytes: 1024)
        http.sleep = deadline.sleep
        let request = BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(server.port)/x"))
        let exchange = Task { try await http.send(request) }
        // The request arrived and waits; only the deadline ends it.
        while server.requestLines.isEmpty || deadline.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        deadline.pass()
        let result = await exchange.result
        #expect(throws: BoundedHTTP.Failure.timedOut(host: "127.0.0.1", limit: .seconds(30))) { try result.get() }
        if case .failure(let failure as BoundedHTTP.Failure) = result {
            #expect(failure.description == "Could not reach 127.0.0.1: it did not answer within 30 seconds.")
        }
    }

    /// A byte every 50 ms for a megabyte: a limit per read would never pass, and the answer would take 14
    /// hours. The deadline (half a second, by the clock) ends it.
    @Test func aDrippingServerIsCutOffAtTheDeadline() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .milliseconds(50)))
        defer { Task { await server.stop() } }
        let http = BoundedHTTP(timeout: .milliseconds(500), maxResponseBytes: 2_000_000)
        await #expect(throws: BoundedHTTP.Failure.timedOut(host: "127.0.0.1", limit: .milliseconds(500))) {
            try await http.send(BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(server.port)/share")))
        }
        #expect(server.requestLines == ["GET /share HTTP/1.1"])
    }

    @Test func anAnswerOverTheLimitIsRefusedAndARedirectIsTheAnswer() async throws {
        let big = try await HostileHTTPServer(.answer(HostileHTTPServer.json(status: 200, String(repeating: "x", count: 5000))))
        let redirect = try await HostileHTTPServer(.answer("HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/\r\nContent-Length: 0\r\n\r\n"))
        defer { Task { await big.stop(); await redirect.stop() } }
        let http = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 1000)
        await #expect(throws: BoundedHTTP.Failure.tooLarge(host: "127.0.0.1", limit: 1000)) {
            try await http.send(BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(big.port)/")))
        }
        let answer = try await http.send(BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(redirect.port)/")))
        #expect(answer.status == 302 && answer.header("location") == "http://169.254.169.254/")
        #expect(redirect.connections == 1, "the redirect was not followed")
    }

    @Test func anIPv6LoopbackServerAnswers() async throws {
        let server = try await HostileHTTPServer(host: "::1", .answer(HostileHTTPServer.json(status: 200, #"{"ok":true}"#)))
        defer { Task { await server.stop() } }
        let http = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 1000)
        let answer = try await http.send(BoundedHTTP.Request("GET", try Self.url("http://[::1]:\(server.port)/v1/x?a=1")))
        #expect(answer.status == 200 && answer.body == Data(#"{"ok":true}"#.utf8))
        #expect(server.requestLines == ["GET /v1/x?a=1 HTTP/1.1"])
    }

    /// What is refused is refused before any connection: the server counts none.
    @Test func refusedAddressesAreNeverConnectedTo() async throws {
        let server = try await HostileHTTPServer(.answer(HostileHTTPServer.json(status: 200, "{}")))
        defer { Task { await server.stop() } }
        var http = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 1000)
        http.reachable = ReachableAddresses(scopes: [.publicInternet], reason: "only the internet")
        await #expect(throws: BoundedHTTP.Failure.addressNotAllowed(host: "127.0.0.1", address: "127.0.0.1", scope: .loopback, reason: "only the internet")) {
            try await http.send(BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(server.port)/")))
        }
        await #expect(throws: BoundedHTTP.Failure.self) {
            try await http.send(BoundedHTTP.Request("GET", try Self.url("http://localhost:\(server.port)/")))
        }
        let open = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 1000)
        for refused in [
            "http://admin:pw@127.0.0.1:\(server.port)/", "http://0x7f000001:\(server.port)/", "http://2130706433:\(server.port)/",
            "http://127.1:\(server.port)/", "http://0177.0.0.1:\(server.port)/", "ftp://127.0.0.1:\(server.port)/",
        ] {
            let request = BoundedHTTP.Request("GET", try Self.url(refused))
            do throws(BoundedHTTP.Failure) {
                _ = try await open.send(request)
                Issue.record("\(refused) was fetched")
            } catch {
                guard case .badAddress = error else { Issue.record("\(refused): \(error)"); continue }
                #expect(error.description.hasSuffix("."), "\(error.description)")
            }
        }
        #expect(server.connections == 0)
    }

    @Test func networkFailuresAreSentences() async throws {
        let http = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 1000)
        // A port nothing listens on: bound, then closed.
        let closed = try await HostileHTTPServer(.silent)
        let port = closed.port
        await closed.stop()
        let toClosed = BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(port)/"))
        do throws(BoundedHTTP.Failure) {
            _ = try await http.send(toClosed)
            Issue.record("a closed port answered")
        } catch {
            #expect(error.description == "Could not reach 127.0.0.1: nothing answers at that address and port (connection refused).")
        }
        let toNowhere = BoundedHTTP.Request("GET", try Self.url("http://no-such-host.invalid/"))
        do throws(BoundedHTTP.Failure) {
            _ = try await http.send(toNowhere)
            Issue.record("a name that does not exist answered")
        } catch {
            #expect(error.description.hasPrefix("Could not reach no-such-host.invalid: its name was not found"), "\(error.description)")
        }
        let garbage = try await HostileHTTPServer(.answer("SSH-2.0-OpenSSH\r\n\r\n"))
        defer { Task { await garbage.stop() } }
        let toGarbage = BoundedHTTP.Request("GET", try Self.url("http://127.0.0.1:\(garbage.port)/"))
        do throws(BoundedHTTP.Failure) {
            _ = try await http.send(toGarbage)
            Issue.record("a server that is not HTTP answered")
        } catch {
            #expect(error.description == "Could not reach 127.0.0.1: its answer is not HTTP.", "\(error.description)")
        }
    }
}
