// Establishes where the app is served: a loopback address of its own, chosen at random once per home and
// remembered beside the account's files. Browsers do not scope cookies by port, so on 127.0.0.1 the app's
// session cookie would go to every other local server the browser visits, and with it that server could read
// the app's pages (the form token, the backup code). On an address no other server uses, the cookie goes to
// the app alone. Linux routes the whole of 127.0.0.0/8 to loopback; macOS configures only 127.0.0.1, so there
// the app falls back to it (LocalWebApp) and the cookie's name, which carries the port, is what keeps two
// apps' sessions apart.
import Foundation

/// The app's loopback address for one home.
public enum AppAddress {
    /// The file the address is remembered in.
    public static let fileName = "app-address"
    /// The address every system has.
    public static let fallback = "127.0.0.1"

    /// The address remembered in `directory`; chosen at random in 127.0.0.0/8 and written there the first time
    /// (if it cannot be written, a new one each launch).
    public static func remembered(in directory: URL) -> String {
        let file = directory.appendingPathComponent(fileName)
        if let text = try? String(contentsOf: file, encoding: .utf8), let address = loopback(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return address
        }
        let address = random()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? Data((address + "\n").utf8).write(to: file, options: .atomic)
        return address
    }

    /// A random address in 127.0.0.0/8 other than 127.0.0.1 (and the network and broadcast forms).
    public static func random<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        while true {
            let parts = [Int.random(in: 0...255, using: &generator), Int.random(in: 0...255, using: &generator), Int.random(in: 1...254, using: &generator)]
            if parts != [0, 0, 1] { return "127." + parts.map(String.init).joined(separator: ".") }
        }
    }

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// `text` if it is a dotted-quad address in 127.0.0.0/8.
    static func loopback(_ text: String) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127",
            parts.allSatisfy({ part in part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil && (part == "0" || !part.hasPrefix("0")) })
        else { return nil }
        return text
    }
}
