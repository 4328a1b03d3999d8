import Foundation
import HandshakeTestSupport
import Testing

/// The deployment files of docs/deploy, used as an operator would: the systemd unit passes
/// `systemd-analyze verify`; a real `handshake serve` answers behind nginx running the example
/// configuration (TLS, the landing page on the public URL, the server's own 413); and a SQLite backup
/// taken with `sqlite3 .backup` while it serves restores to exactly what it held.
@Suite struct DeployTests {
    static func deployFile(_ name: String, file: String = #filePath) throws -> String {
        try String(contentsOf: ArticleCode.packageRoot(of: file).appendingPathComponent("docs/deploy/\(name)"), encoding: .utf8)
    }

    /// `text` with each of `replacements` made, failing if one of them is no longer in the file: a change
    /// to the documented file must be a change to this test too.
    static func edited(_ text: String, _ replacements: [(String, String)]) throws -> String {
        var text = text
        for (old, new) in replacements {
            try #require(text.contains(old), "docs/deploy no longer holds \"\(old)\"")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    @Test func theSystemdUnitVerifies() async throws {
        let home = try CLI()
        let unit = home.file("handshake.service")
        try Data(try Self.edited(Self.deployFile("handshake.service"), [("/usr/bin/handshake", try CLI.binary.path)]).utf8).write(to: unit)
        let verified = try await CLI.runTool("systemd-analyze", ["verify", unit.path])
        #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified.stderr)")
    }

    @Test func serveAnswersBehindTheNginxExampleAndABackupTakenWhileServingRestores() async throws {
        let serverHome = try CLI()
        let port = CLI.serverPort(count: 3)
        let (tls, plain) = (port + 1, port + 2)
        let publicURL = "https://127.0.0.1:\(tls)"
        var server = try ServeCommandTests.Server.start(serverHome, port: port, options: ["--trust-forwarded-for"], publicURL: publicURL)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()
        let nginx = try await Self.startNginx(in: serverHome, upstream: port, tls: tls, plain: plain)
        // SIGKILL: nginx inherits the test threads' blocked SIGTERM and would outlive the run (one process, no
        // workers, so nothing is left behind it).
        defer { kill(nginx.processIdentifier, SIGKILL) }

        let ada = try CLI()
        #expect(try await ada.run("init", "--name", "Ada").status == 0)
        let registered = try await ada.run("server", "register", "--server", "http://127.0.0.1:\(port)")
        #expect(registered.status == 0, "\(registered.stderr)")
        let kept = try await Self.linkToken(ada)

        // Through nginx: the API, the landing page on the public URL, and the server's own 413.
        let resolved = try await Self.curl("\(publicURL)/v1/share-links/\(kept)")
        #expect(resolved.hasSuffix("\n200") && resolved.contains("\"card\""), "\(resolved)")
        let page = try await Self.curl("\(publicURL)/share/contact/\(kept)")
        #expect(page.hasSuffix("\n200") && page.contains("Ada"), "\(page)")
        let hugeBody = serverHome.file("huge.json")
        try Data("{\"sigKey\": \"\(String(repeating: "A", count: 400_000))\"}".utf8).write(to: hugeBody)
        let huge = try await CLI.runTool("curl", [
            "-sk", "--max-time", "10", "-w", "\n%{http_code}", "-H", "Content-Type: application/json",
            "--data-binary", "@\(hugeBody.path)", "\(publicURL)/v1/auth/challenge",
        ])
        #expect(huge.stdout.hasSuffix("\n413") && huge.stdout.contains("payload_too_large"), "\(huge.stdout)")
        let redirect = try await CLI.runTool("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "http://127.0.0.1:\(plain)/health"])
        #expect(redirect.stdout.hasPrefix("301 https://127.0.0.1"), "\(redirect.stdout)")

        // A backup while it serves (SQLite's online backup), then a link made after it.
        let database = serverHome.file("server.sqlite")
        let backup = serverHome.file("backup.sqlite")
        let backedUp = try await CLI.runTool("sqlite3", [database.path, ".backup '\(backup.path)'"])
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
        let lost = try await Self.linkToken(ada)
        #expect(try await Self.curl("\(publicURL)/v1/share-links/\(lost)").hasSuffix("\n200"))

        // Restore: stop, put the copy in place of the database (and its WAL), start again.
        #expect(try await server.stop() == 0)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        try FileManager.default.copyItem(at: backup, to: database)
        server = try ServeCommandTests.Server.start(serverHome, port: port, options: ["--trust-forwarded-for"], publicURL: publicURL)
        try await server.waitUntilHealthy()
        #expect(try await Self.curl("\(publicURL)/v1/share-links/\(kept)").hasSuffix("\n200"))
        let gone = try await Self.curl("\(publicURL)/v1/share-links/\(lost)")
        #expect(gone.hasSuffix("\n404") && gone.contains("link_unknown"), "\(gone)")
        #expect(try await server.stop() == 0)
    }

    static func linkToken(_ home: CLI) async throws -> String {
        let created = try await home.run("link", "create", "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        return try #require(link["token"] as? String)
    }

    /// The body and, on the last line, the status (TLS not verified: the certificate is the test's own).
    static func curl(_ url: String) async throws -> String {
        try await CLI.runTool("curl", ["-sk", "--max-time", "10", "-w", "\n%{http_code}", url]).stdout
    }

    /// Writes `site` and a main configuration around it into `folder`, and returns the main one's path:
    /// nginx in the foreground as one process (so an upstream's turns are one sequence), its pid, logs and
    /// temporary files in `folder`.
    static func nginxConfiguration(site: String, in folder: URL) throws -> URL {
        try Data(site.utf8).write(to: folder.appendingPathComponent("site.conf"))
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "\($0)_temp_path \(folder.path)/\($0);" }.joined(separator: " ")
        let main = """
            daemon off;
            master_process off;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log;
            events { worker_connections 64; }
            http {
                access_log \(folder.path)/access.log;
                \(temporary)
                include \(folder.path)/site.conf;
            }
            """
        let configuration = folder.appendingPathComponent("nginx.conf")
        try Data(main.utf8).write(to: configuration)
        return configuration
    }

    /// nginx in the foreground, one process, on the example site with the test's ports and a certificate of
    /// its own; returned once it answers.
    static func startNginx(in home: CLI, upstream: Int, tls: Int, plain: Int) async throws -> Process {
        let folder = home.file("nginx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (certificate, key) = (folder.appendingPathComponent("cert.pem").path, folder.appendingPathComponent("key.pem").path)
        let made = try await CLI.runTool("openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-keyout", key, "-out", certificate,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let site = try edited(deployFile("nginx.conf"), [
            ("server 127.0.0.1:8080;", "server 127.0.0.1:\(upstream);"),
            ("listen 443 ssl;", "listen 127.0.0.1:\(tls) ssl;"),
            ("listen 80;", "listen 127.0.0.1:\(plain);"),
            ("/etc/letsencrypt/live/handshake.example.org/fullchain.pem", certificate),
            ("/etc/letsencrypt/live/handshake.example.org/privkey.pem", key),
        ])
        let configuration = try nginxConfiguration(site: site, in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", folder.path, "-c", configuration.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw ServeCommandTests.CLIFailure("nginx is not installed; scripts/install-test-tools installs it (nginx-light)")
        }
        try process.run()
        for _ in 0..<100 {
            if try await curl("https://127.0.0.1:\(tls)/health").hasSuffix("\n200") { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        kill(process.processIdentifier, SIGKILL)
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw ServeCommandTests.CLIFailure("nginx did not answer on port \(tls): \(log)")
    }
}
