// swift-tools-version:6.2
import PackageDescription

// libFuzzer targets, one per decoder that meets outside input. Built only with
//   swift build --package-path Fuzz --sanitize fuzzer --sanitize address
// (see scripts/fuzz); a plain `swift build` of the main package never touches them.
let fuzzTargets = [
    "FuzzCBOR",         // the deterministic CBOR decoder
    "FuzzCard",         // binary card → receive pipeline
    "FuzzCardText",     // every text form: QR text, typed code, link, vCard, detection
    "FuzzSeedBackup",   // the identity backup code
    "FuzzQREncoder",    // QR segmentation and encoding of arbitrary text
    "FuzzIdentifiers",  // did:key and the scannable security code (HSC1:)
    "FuzzSessionMessages",  // nearby session messages → decoder → a session on each screen
    "FuzzChannel",      // the nearby secure channel: frames, handshake, records, in both roles and modes
    "FuzzCommonFriends",  // the common-friends (PSI) set and reply messages
    "FuzzSessionToken", // the NFC session token: NDEF message → token, with and without a time
    "FuzzShortCode",    // the short code: typed text, and both sides of its PAKE fed arbitrary frames
    "FuzzDNSMessage",   // multicast DNS messages → decoder → the discovery browser and responder
    "FuzzLinkPacket",   // Bluetooth LE stream packets → decoder → a link endpoint mid-stream
    "FuzzVCard",        // address-book vCards (2.1/3.0/4.0, any charset) → import reader → writer
    "FuzzScanRouter",   // the scan router: classification, card envelopes, VC-JWT / VP token decoders
    "FuzzAvatarPhoto",  // photos picked for the avatar → PNG/JPEG decoders, Exif reader → shrunk JPEG
    "FuzzQRPicture",    // pictures to scan → PNG/JPEG decoders to grey, Exif reader → zbar's image scanner
    "FuzzPresentation", // OpenID4VP: request links, request objects, vp_token verification, DCQL queries
    "FuzzJSON",         // the strict JSON reader under every credential, against Foundation's decoder
    "FuzzEventStream",  // the mailbox client: server-sent events split anywhere, refusal bodies → MailboxError
]

// Each target is a library with one `fuzz` function; one executable, HandshakeFuzz, holds them all and runs
// the one its own name says (scripts/fuzz links each target's name to it). Twenty executables of their own,
// each linking every library with AddressSanitizer, spent about half a minute apiece in the linker on two
// cores, most of what a fuzz build took after compiling; one link does it now.
let libraries: [Target.Dependency] = [
    .product(name: "HandshakeCore", package: "Handshake"),
    .product(name: "HandshakeQR", package: "Handshake"),
    .product(name: "HandshakeExchange", package: "Handshake"),
    .product(name: "HandshakeNearby", package: "Handshake"),
    .product(name: "HandshakeCredentials", package: "Handshake"),
    .product(name: "HandshakeAvatar", package: "Handshake"),
    .product(name: "HandshakeQRReader", package: "Handshake"),
    .product(name: "HandshakeMailbox", package: "Handshake"),
]

let package = Package(
    name: "HandshakeFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Handshake", path: "..")],
    targets: fuzzTargets.map { name in
        .target(name: name, dependencies: libraries)
    } + [
        .executableTarget(
            name: "HandshakeFuzz",
            dependencies: fuzzTargets.map { .target(name: $0) },
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
