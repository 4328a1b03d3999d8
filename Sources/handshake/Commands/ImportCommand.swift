import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in an address book (a .vcf file with many vCards) as unverified contacts.",
        discussion: """
            Reads vCard 2.1, 3.0 and 4.0 as phones, Outlook, Google, Apple and others write them, in \
            whatever charset each property declares. Entries come in as *unverified*: anyone can write a \
            vCard. The exception is an entry carrying a Handshake signed card (as `handshake contacts \
            export` writes them): its signature is checked and, if it holds, the contact comes back \
            verified with the card's own fields. Entries already in your contacts (same Node ID, or same \
            name, emails and phones) are skipped. An entry that can't be read is reported by its position \
            and the reason, and the others still come in; a photo that can't be the avatar (too large, not \
            a PNG or JPEG, a link) is left out with a note. Entries are written in batches, each in \
            one transaction: an interrupted import keeps every batch it finished.
            When a verified card later arrives with the same email or phone, `handshake add` offers to merge.
            """
    )

    @Argument(help: ArgumentHelp("The .vcf file, or `-` for standard input.", valueName: "file"))
    var file: String

    @Option(help: .hidden) var batchSize = 1000

    /// The largest address book read (far beyond 100,000 typical entries).
    static let maxBytes = 1 << 30

    func validate() throws {
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1.") }
        if file != "-" && !FileManager.default.fileExists(atPath: file) { throw ValidationError("There is no file named \"\(file)\".") }
    }

    func run() throws {
        let bytes: [UInt8]
        if file == "-" {
            bytes = try InputSource.readBounded(FileHandle.standardInput, limit: Self.maxBytes)
        } else {
            bytes = try LocalFile.read(file, limit: Self.maxBytes)
        }
        guard bytes.count <= Self.maxBytes else { throw CommandFailure("\(file) is larger than 1 GB; split it.") }

        let showProgress = isatty(STDERR_FILENO) != 0
        let report = try HandshakeHome.current().contactBook().importVCards(bytes, now: Date(), batchSize: batchSize) { done, total in
            if showProgress { Output.progress(done: done, of: total) }
        }
        if showProgress && report.added + report.duplicates > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        for issue in report.skipped { Output.error("\(issue); skipped.") }
        for issue in report.notes { Output.error("\(issue).") }
        let verified = report.addedVerified > 0 ? " and \(report.addedVerified) verified (their signed cards checked)" : ""
        print("Imported \(report.addedUnverified) contacts (unverified)\(verified); \(report.duplicates) already there; \(report.skipped.count) unreadable.")
        if report.entries == 0 { throw CommandFailure("\(file) holds no vCard (no BEGIN:VCARD line).") }
        if report.added == 0 && report.duplicates == 0 && !report.skipped.isEmpty { throw ExitCode(1) }
    }
}

extension Output {
    /// A one-line progress bar on standard error, redrawn in place.
    static func progress(done: Int, of total: Int) {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }
}
