import Foundation
import HandshakeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `handshake nearby` through a relay of two `handshake serve` instances on one PostgreSQL database
/// (docs/protocols/nearby-relay.md §3.11), as an operator runs them: behind nginx with docs/deploy/nginx.conf,
/// whose relay upstream names both. The devices sit in the namespaces of ``NearbyRelayNamespaceTests`` (no
/// route between them, no multicast); the instances and nginx in the third, reaching the test cluster
/// through its Unix socket (a namespace has its own network, not its own files). nginx passes each new
/// connection to the next instance in turn, so the device showing the token meets at one instance and the
/// device that read it at the other; a typed code is met with each device naming an instance of its own.
/// Needs root, iproute2, nginx and `HANDSHAKE_TEST_POSTGRES_URL` (scripts/test); a missing one fails.
@Suite("handshake nearby through two relay instances", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct NearbyRelayInstancesTests {
    typealias Running = NearbyCommandTests.Running

    /// Two instances on a fresh database of the test cluster, in `triangle`'s server namespace, each on a
    /// port of its own; the database is dropped by the returned closure.
    struct Instances {
        let processes: [Process]
        let ports: [Int]
        let dropDatabase: () -> Void

        func stop() async {
            for process in processes { await process.stop() }
            dropDatabase()
        }

        func kill() {
            for process in processes where process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        }
    }

    static func instances(in triangle: NetworkNamespaceTriangle) async throws -> Instances {
        let (url, drop) = try ServeCommandTests.makePostgresDatabase()
        // The instances reach the database through the cluster's socket from their namespace.
        var bySocket = try #require(URLComponents(string: url))
        bySocket.queryItems = [URLQueryItem(name: "host", value: try socketFolder(port: try #require(bySocket.port)))]
        let database = try #require(bySocket.string)
        let ports = [CLI.serverPort(), CLI.serverPort()]
        var processes: [Process] = []
        for port in ports {
            processes.append(
                try NearbyRelayNamespaceTests.start(
                    [try CLI.binary.path, "serve", "--host", triangle.serverHost, "--port", String(port), "--database", database],
                    in: triangle.server, home: try CLI().home))
        }
        let instances = Instances(processes: processes, ports: ports, dropDatabase: drop)
        for port in ports { try await NearbyRelayNamespaceTests.awaitServer(triangle, port: port) }
        return instances
    }

    /// The folder holding the socket of the cluster on `port`: the `-k` of its postmaster's command line
    /// (scripts/start-postgres gives one), or Debian's default folder. The test role may not read the
    /// setting itself (`unix_socket_directories` needs `pg_read_all_settings`).
    static func socketFolder(port: Int) throws -> String {
        let socket = ".s.PGSQL.\(port)"
        for process in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where process.allSatisfy(\.isNumber) {
            guard let line = FileManager.default.contents(atPath: "/proc/\(process)/cmdline") else { continue }
            let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let p = arguments.firstIndex(of: "-p"), arguments.indices.contains(p + 1), arguments[p + 1] == String(port),
                let k = arguments.firstIndex(of: "-k"), arguments.indices.contains(k + 1)
            else { continue }
            let folder = arguments[k + 1]
            if FileManager.default.fileExists(atPath: "\(folder)/\(socket)") { return folder }
        }
        if FileManager.default.fileExists(atPath: "/var/run/postgresql/\(socket)") { return "/var/run/postgresql" }
        throw ServeCommandTests.CLIFailure("no socket of the PostgreSQL cluster on port \(port) was found; start it with scripts/start-postgres")
    }

    /// nginx on docs/deploy/nginx.conf in the server namespace, listening in plain HTTP on `port`, with both
    /// instances in each upstream; returned once it answers.
    static func nginx(in triangle: NetworkNamespaceTriangle, port: Int, passingTo instances: [Int], home: CLI) async throws -> Process {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw ServeCommandTests.CLIFailure("nginx is not installed; scripts/install-test-tools installs it (nginx-light)")
        }
        let folder = home.file("nginx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let upstreams = instances.map { "server \(triangle.serverHost):\($0);" }.joined(separator: "\n    ")
        // The TLS server of the example listens in plain HTTP here: the devices trust the system's
        // certificates only. Its certificate lines go, and the port-80 redirect listens where nobody asks.
        let site = try DeployTests.edited(try DeployTests.deployFile("nginx.conf"), [
            ("server 127.0.0.1:8080;", upstreams),
            ("listen 443 ssl;", "listen \(triangle.serverHost):\(port);"),
            ("listen 80;", "listen 127.0.0.1:\(port);"),
            ("    ssl_certificate     /etc/letsencrypt/live/handshake.example.org/fullchain.pem;\n", ""),
            ("    ssl_certificate_key /etc/letsencrypt/live/handshake.example.org/privkey.pem;\n", ""),
        ])
        // One process, so the upstream's turns are one sequence: the first connection goes to the first
        // instance, the next to the second.
        let configuration = try DeployTests.nginxConfiguration(site: site, in: folder)
        let process = try NearbyRelayNamespaceTests.start(["/usr/sbin/nginx", "-p", folder.path, "-c", configuration.path], in: triangle.server, home: home.home)
        for _ in 0..<100 {
            let probe = try await Tool.run(arguments: triangle.command(in: triangle.first, ["curl", "-s", "-m", "1", "http://\(triangle.serverHost):\(port)/health"]))
            if probe.stdout.contains("ok") { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        Glibc.kill(process.processIdentifier, SIGKILL)
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw ServeCommandTests.CLIFailure("nginx did not answer on port \(port): \(log)")
    }

    /// A counter of `instance`'s `/metrics`, read from the first device's namespace.
    static func metric(_ name: String, of instance: Int, in triangle: NetworkNamespaceTriangle) async throws -> Double {
        let page = try await Tool.run(arguments: triangle.command(in: triangle.first, ["curl", "-s", "-m", "2", "http://\(triangle.serverHost):\(instance)/metrics"]))
        let line = page.stdout.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return try #require(line.flatMap { Double($0.split(separator: " ").last ?? "") }, "\(name) on \(instance): \(page.stdout.prefix(400))")
    }

    /// Both instances carried a side of the room, and the room paired once, at one of them.
    static func expectOneRoomAcross(_ instances: Instances, in triangle: NetworkNamespaceTriangle) async throws {
        var paired = 0.0
        for port in instances.ports {
            let carried = try await metric("handshake_relay_bytes_total", of: port, in: triangle)
            #expect(carried > 0, "the instance on \(port) carried a side of the room")
            paired += try await metric("handshake_relay_rooms_paired_total", of: port, in: triangle)
        }
        #expect(paired == 1)
    }

    @Test("one scan of the token's QR code swaps both cards through nginx and two instances, one side on each")
    func aTokenThroughTwoInstances() async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let instances = try await Self.instances(in: triangle)
        defer { instances.kill() }
        let port = CLI.serverPort()
        let nginx = try await Self.nginx(in: triangle, port: port, passingTo: instances.ports, home: ada)
        defer { Glibc.kill(nginx.processIdentifier, SIGKILL) }
        let relay = "http://\(triangle.serverHost):\(port)"

        let picture = ada.file("token.png")
        let showing = try Running(
            ada, ["nearby", "--token-out", picture.path, "--relay", relay, "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"],
            namespace: triangle.first)
        #expect(try #require(try await showing.nextEvent())["event"] as? String == "tokenWritten")
        let scanning = try Running(
            bob, ["nearby", "--token-in", picture.path, "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: triangle.second)
        let bobEvents = try await NearbyNamespaceTests.finish(scanning), adaEvents = try await NearbyNamespaceTests.finish(showing)
        for events in [adaEvents, bobEvents] {
            #expect(events.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == relay }, "\(events)")
        }
        try await NearbyNamespaceTests.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nfc")
        try await Self.expectOneRoomAcross(instances, in: triangle)
        await instances.stop()
    }

    @Test("a typed code swaps both cards when each device names a different instance of one relay")
    func aCodeThroughTwoInstances() async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let instances = try await Self.instances(in: triangle)
        defer { instances.kill() }
        let (first, second) = ("http://\(triangle.serverHost):\(instances.ports[0])", "http://\(triangle.serverHost):\(instances.ports[1])")

        let showing = try Running(
            bob, ["nearby", "--show-code", "--accept", "--relay", first, "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"],
            namespace: triangle.second)
        let shown = try #require(try await showing.nextEvent())
        let code = try #require(shown["code"] as? String, "\(shown)")
        let typing = try Running(
            ada, ["nearby", "--code", code, "--request", "--relay", second, "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"],
            namespace: triangle.first)
        let adaEvents = try await NearbyNamespaceTests.finish(typing), bobEvents = try await NearbyNamespaceTests.finish(showing)
        #expect(adaEvents.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == second }, "\(adaEvents)")
        #expect(bobEvents.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == first }, "\(bobEvents)")
        try await NearbyNamespaceTests.expectSwapped(ada, adaEvents, bob, bobEvents, source: "code")
        try await Self.expectOneRoomAcross(instances, in: triangle)
        await instances.stop()
    }
}
