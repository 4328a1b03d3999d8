// The one libFuzzer executable: it runs the fuzz target its own name says. scripts/fuzz links each target's
// name (FuzzCBOR, FuzzVCard, …) to this binary, so `Fuzz/.build/debug/FuzzCBOR <crash file>` replays an input
// as it did when every target was an executable of its own. libFuzzer hands its arguments to
// LLVMFuzzerInitialize before the first input, which is where the name is read.
import Foundation
import FuzzAvatarPhoto
import FuzzCBOR
import FuzzCard
import FuzzCardText
import FuzzChannel
import FuzzCommonFriends
import FuzzDNSMessage
import FuzzEventStream
import FuzzIdentifiers
import FuzzJSON
import FuzzLinkPacket
import FuzzPresentation
import FuzzQREncoder
import FuzzQRPicture
import FuzzScanRouter
import FuzzSeedBackup
import FuzzSessionMessages
import FuzzSessionToken
import FuzzShortCode
import FuzzVCard

/// Every target by name; each module's `fuzz` checks one decoder's invariants on one input.
let targets: [String: @Sendable (UnsafeRawPointer, Int) -> CInt] = [
    "FuzzAvatarPhoto": FuzzAvatarPhoto.fuzz,
    "FuzzCBOR": FuzzCBOR.fuzz,
    "FuzzCard": FuzzCard.fuzz,
    "FuzzCardText": FuzzCardText.fuzz,
    "FuzzChannel": FuzzChannel.fuzz,
    "FuzzCommonFriends": FuzzCommonFriends.fuzz,
    "FuzzDNSMessage": FuzzDNSMessage.fuzz,
    "FuzzEventStream": FuzzEventStream.fuzz,
    "FuzzIdentifiers": FuzzIdentifiers.fuzz,
    "FuzzJSON": FuzzJSON.fuzz,
    "FuzzLinkPacket": FuzzLinkPacket.fuzz,
    "FuzzPresentation": FuzzPresentation.fuzz,
    "FuzzQREncoder": FuzzQREncoder.fuzz,
    "FuzzQRPicture": FuzzQRPicture.fuzz,
    "FuzzScanRouter": FuzzScanRouter.fuzz,
    "FuzzSeedBackup": FuzzSeedBackup.fuzz,
    "FuzzSessionMessages": FuzzSessionMessages.fuzz,
    "FuzzSessionToken": FuzzSessionToken.fuzz,
    "FuzzShortCode": FuzzShortCode.fuzz,
    "FuzzVCard": FuzzVCard.fuzz,
]

/// The target this run feeds, chosen once by `LLVMFuzzerInitialize` before libFuzzer runs any input.
nonisolated(unsafe) var chosen: (@Sendable (UnsafeRawPointer, Int) -> CInt)?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let path = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
    let name = String(path.split(separator: "/").last ?? "")
    guard let target = targets[name] else {
        let known = targets.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("HandshakeFuzz runs the target its name says (run it through a link named after one): \(known)\n".utf8))
        exit(2)
    }
    chosen = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    chosen?(start, count) ?? 0
}
