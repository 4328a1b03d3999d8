import HandshakePresentation
import HandshakeStore

/// The program's own way out of an error: the library says what went wrong, in words any front end can
/// show; this adds the `handshake` command that fixes it, which only the program knows.
enum ErrorHints {
    static func hint(for error: any Error) -> String? {
        switch error {
        case StoreError.seedFileTooOpen(let path, _):
            return "If only you have had access to it, fix it with: chmod 600 \(path)"
        case StoreError.corruptSeed:
            return "Restore it with: handshake identity restore"
        case StoreError.identityExists:
            return "Use --force to replace it."
        case StoreError.noIdentity:
            return "Create one with: handshake init --name \"Your Name\", or restore it with: handshake identity restore"
        case ContactBookError.unknownContact:
            return "List them with: handshake contacts"
        case ContactBookError.blocked:
            return "Unblock with: handshake contact set WHO --trust KNOWN"
        case is CardQRCodeError:
            return """
                Share fewer fields, for example: handshake card profile --share name,company,title,emails
                or give your card as its typed code or link:
                  handshake card export --format code
                  handshake card export --format link
                """
        default:
            return nil
        }
    }
}
