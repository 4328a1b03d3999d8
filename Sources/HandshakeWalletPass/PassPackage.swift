import Foundation
import ZIPFoundation

/// The `.pkpass` file: the pass's files, `manifest.json` and `signature`, in one zip archive with every
/// file at its root.
public enum PassPackage {
    /// Signs `pass` with `signer` at `now` and returns the bytes of the `.pkpass` archive.
    public static func pkpass(_ pass: WalletPass, signer: PassSigner, now: Date = Date()) throws(WalletPassError) -> [UInt8] {
        var files = try pass.files()
        let manifest = try PassManifest.json(for: files)
        files["manifest.json"] = manifest
        files["signature"] = try signer.sign(manifest: manifest, now: now)
        return try zip(files)
    }

    /// The manifest to sign for `pass`, for a signer elsewhere; ``pkpass(_:manifest:signature:)`` packs
    /// the result.
    public static func manifest(for pass: WalletPass) throws(WalletPassError) -> [UInt8] {
        try PassManifest.json(for: try pass.files())
    }

    /// Packs `pass` with a manifest and a signature made elsewhere.
    public static func pkpass(_ pass: WalletPass, manifest: [UInt8], signature: [UInt8]) throws(WalletPassError) -> [UInt8] {
        var files = try pass.files()
        guard manifest == (try PassManifest.json(for: files)) else { throw .manifestDoesNotMatch }
        files["manifest.json"] = manifest
        files["signature"] = signature
        return try zip(files)
    }

    /// A zip archive of `files` (deflated, in name order, at the root).
    static func zip(_ files: [String: [UInt8]]) throws(WalletPassError) -> [UInt8] {
        do {
            let archive = try Archive(accessMode: .create)
            for name in files.keys.sorted() {
                let data = Data(files[name] ?? [])
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let bytes = archive.data else { throw WalletPassError.encoding("the archive has no bytes") }
            return Array(bytes)
        } catch let error as WalletPassError {
            throw error
        } catch {
            throw .encoding("the archive: \(error)")
        }
    }
}
