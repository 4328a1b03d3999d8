import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in an address book (a .vcf file with many vCards) as unverified contacts.",
        discussion: """
            Every entry comes in as *unverified*: anyone can write a vCard, so none of it is trusted, even \
            one carrying a Handshake card (add that one with `handshake add` to verify it). Entries already \
            in your contacts (same name, emails and phones) are skipped. An entry that can't be read is \
            reported by its position and the others still come in. Entries are written in batches, each in \
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
            guard let handle = FileHandle(forReadingAtPath: file) else { throw CommandFailure("\(file) can't be opened for reading.") }
            defer { try? handle.close() }
            bytes = try InputSource.readBounded(handle, limit: Self.maxBytes)
        }
        guard bytes.count <= Self.maxBytes else { throw CommandFailure("\(file) is larger than 1 GB; split it.") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CommandFailure("\(file) is not UTF-8 text, so it is not a vCard file.") }

        var details: [ContactDetails] = []
        var claims: [NodeID?] = []
        var problems: [String] = []
        for (index, result) in VCardParser.parseAll(text).enumerated() {
            switch result {
            case .success(let entry):
                let entryDetails = ContactDetails(entry)
                guard entryDetails.name != nil || !entryDetails.emails.isEmpty || !entryDetails.phones.isEmpty else {
                    problems.append("Entry \(index + 1): no name, email or phone; skipped.")
                    continue
                }
                details.append(entryDetails)
                claims.append(entry.claimedNodeID)
            case .failure(let error):
                problems.append("Entry \(index + 1): \(error.description); skipped.")
            }
        }
        for problem in problems { Output.error(problem) }

        let showProgress = isatty(STDERR_FILENO) != 0
        let total = details.count
        let report = try HandshakeHome.current().contactBook().importUnverified(details, claimedNodeIDs: claims, now: Date(), batchSize: batchSize) { done in
            if showProgress { Output.progress(done: done, of: total) }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        print("Imported \(report.added) contacts (unverified); \(report.duplicates) already there; \(problems.count) unreadable.")
        if report.added == 0 && !problems.isEmpty && total == 0 { throw ExitCode(1) }
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
