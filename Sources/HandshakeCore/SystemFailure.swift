// Establishes the words for why the system refused to read or write a file, as every front end shows them
// after "… can't be read: " or "… can't be written: ": never Foundation's "NSCocoaErrorDomain Code=256",
// which says nothing to a person; and for why a connection failed, from the same errno values. It does no I/O; the readers and writers (HandshakeStore's files, the
// mailbox registration, the program's LocalFile) hand it what the system said.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the system refused a file, in words.
public enum SystemFailure {
    /// The words for `code`, an `errno` value: "it is a folder, not a file", "the disk is full"…
    /// `creatingFolder` says the path was to become a folder (then an existing file is what is in the way).
    public static func reason(errno code: Int32, creatingFolder: Bool = false) -> String {
        switch code {
        case ENOENT: return creatingFolder ? "a folder on its path does not exist" : "it does not exist"
        case EISDIR: return "it is a folder, not a file"
        case ENOTDIR: return "a part of its path is a file, not a folder"
        case EEXIST: return creatingFolder ? "it is a file, not a folder" : "a file of that name is in the way"
        case EACCES, EPERM: return "you are not allowed to (permission denied)"
        case ENOSPC, EDQUOT: return "the disk is full"
        case EROFS: return "the disk is read-only"
        case ENAMETOOLONG: return "the path is too long"
        case ELOOP: return "its path loops through symbolic links"
        case EBUSY, ETXTBSY: return "it is in use"
        case EIO: return "the disk could not be read or written (an input/output error)"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// The words for why a network connection failed, from the system's `errno`: "nothing answers at that
    /// address and port (connection refused)", "the connection timed out"… never the socket library's own
    /// description, which names its types.
    public static func connectionReason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "nothing answers at that address and port (connection refused)"
        case ECONNRESET, EPIPE: "it broke off the connection"
        case ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL: "this computer has no route to it (check the network)"
        case ETIMEDOUT: "the connection timed out"
        default: "the connection failed"
        }
    }

    /// The words for `error`, an error Foundation threw for a file (`Data(contentsOf:)`, `write(to:)`,
    /// `FileManager.createDirectory`): the system's `errno` underneath when there is one.
    public static func reason(of error: any Error, creatingFolder: Bool = false) -> String {
        if let code = posixCode(of: error) { return reason(errno: code, creatingFolder: creatingFolder) }
        let failure = error as NSError
        // On Linux the underlying error is a Swift error that `as? NSError` does not bridge: cast to `any Error`.
        if let underlying = failure.userInfo[NSUnderlyingErrorKey] as? any Error, let code = posixCode(of: underlying) {
            return reason(errno: code, creatingFolder: creatingFolder)
        }
        switch failure.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return reason(errno: ENOENT, creatingFolder: creatingFolder)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return reason(errno: EACCES)
        case NSFileWriteFileExistsError: return reason(errno: EEXIST, creatingFolder: creatingFolder)
        case NSFileWriteOutOfSpaceError: return reason(errno: ENOSPC)
        case NSFileWriteVolumeReadOnlyError: return reason(errno: EROFS)
        default: return "the system refused it"
        }
    }

    /// The `errno` value `error` carries, when it is the system's own (`POSIXError`, or an `NSError` of the
    /// POSIX domain).
    private static func posixCode(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let failure = error as NSError
        return failure.domain == NSPOSIXErrorDomain ? Int32(failure.code) : nil
    }
}
