// Establishes the app's static files, its script and its stylesheet: files of the package (Static/app.js,
// Static/app.css) that SwiftPM compiles into the binary as bytes (`PackageResources`), so the program needs no
// folder beside it. Hummingbird's FileMiddleware serves them under /static, with their media type, length,
// ETag and HEAD, as it would serve files on disk.
import Foundation
import Hummingbird

/// The files under `/static`, from the bytes compiled into the program.
struct StaticFiles: FileProvider {
    /// What FileMiddleware asks of a file.
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        let isFolder = false
        let size: Int
        let modificationDate: Date
    }

    /// The address the files are served under.
    static let basePath = "/static"

    /// Each file by its path under `basePath`.
    let files: [String: [UInt8]]
    /// When this launch started: the files cannot change while it runs.
    let loaded = Date()

    init() {
        files = [Self.name(of: .script): PackageResources.app_js, Self.name(of: .stylesheet): PackageResources.app_css]
    }

    /// The path of `file` under `basePath` (`/app.js`).
    static func name(of file: AppPath) -> String {
        precondition(file.href.hasPrefix(basePath + "/"), "\(file.href) is not a static file")
        return String(file.href.dropFirst(basePath.count))
    }

    func getFileIdentifier(_ path: String) -> String? { files[path] == nil ? nil : path }

    func getAttributes(id: String) async throws -> FileAttributes? {
        files[id].map { FileAttributes(size: $0.count, modificationDate: loaded) }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: ByteBuffer(bytes: files[id] ?? []))
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let bytes = files[id] ?? []
        let part = range.clamped(to: 0...max(0, bytes.count - 1))
        return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes.isEmpty ? [] : Array(bytes[part])))
    }
}
