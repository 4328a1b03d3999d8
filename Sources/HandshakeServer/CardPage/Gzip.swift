// Establishes gzip (RFC 1952) for the card page's files: each is compressed once, when the server starts, by
// the system's zlib (which the program links already for its PNG codes), and sent compressed to every browser
// that accepts it. A phone on a slow network then loads the page and its modules in about a third of their size.
import CHandshakeZlib
import Foundation

enum Gzip {
    /// `input` as a gzip member, at zlib's best compression; `nil` if zlib fails (it cannot, short of memory).
    static func compress(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // Window bits 15 + 16: a gzip header and trailer around the deflate stream, rather than zlib's.
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var source = input
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let status = source.withUnsafeMutableBufferPointer { from in
            output.withUnsafeMutableBufferPointer { into in
                stream.next_in = from.baseAddress
                stream.avail_in = uInt(from.count)
                stream.next_out = into.baseAddress
                stream.avail_out = uInt(into.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// Whether an `Accept-Encoding` header accepts gzip (named, and not with `q=0`).
    static func isAccepted(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        return acceptEncoding.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (parts.first == "gzip" || parts.first == "x-gzip") && weight > 0
        }
    }
}
