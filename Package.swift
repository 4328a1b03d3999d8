// swift-tools-version:6.2
import PackageDescription

// Our own targets build with every warning treated as an error: the project keeps "no warnings" as a rule.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "Handshake",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "HandshakeCore", targets: ["HandshakeCore"]),
        .library(name: "HandshakeStore", targets: ["HandshakeStore"]),
        .library(name: "HandshakeExchange", targets: ["HandshakeExchange"]),
        .library(name: "HandshakeNearby", targets: ["HandshakeNearby"]),
        // The Bluetooth LE link simulator: for tests and benchmarks, not for apps (not in docs/api/public-api.txt).
        .library(name: "HandshakeLinkSimulator", targets: ["HandshakeLinkSimulator"]),
        .library(name: "HandshakeQR", targets: ["HandshakeQR"]),
        .library(name: "HandshakeQRPNG", targets: ["HandshakeQRPNG"]),
        .library(name: "HandshakeQRReader", targets: ["HandshakeQRReader"]),
        .library(name: "HandshakeWalletPass", targets: ["HandshakeWalletPass"]),
        .library(name: "HandshakeCredentials", targets: ["HandshakeCredentials"]),
        .library(name: "HandshakeAvatar", targets: ["HandshakeAvatar"]),
        .library(name: "HandshakeMailbox", targets: ["HandshakeMailbox"]),
        .library(name: "HandshakeIntake", targets: ["HandshakeIntake"]),
        .library(name: "HandshakePresentation", targets: ["HandshakePresentation"]),
        .executable(name: "handshake", targets: ["handshake"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),  // already resolved for Hummingbird
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),  // the server's relay rooms
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),  // already resolved for Hummingbird
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),  // likewise
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),  // the server's PostgreSQL backend
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),  // already resolved for PostgresNIO; also the clients' TLS (BoundedHTTP)
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.10.0"),  // the Wallet pass's CMS signature
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.0.0"),  // already resolved for swift-certificates
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.19"),  // the .pkpass archive
        // `swift package generate-documentation`: a command plugin only, never linked into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.4.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.0.0"),  // VC-JWT cards (HandshakeCredentials only)
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.1"),  // already resolved for Hummingbird
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),  // the server's /metrics text
    ],
    targets: [
        // Identities, signed contact cards and every form of them. Pure Swift + swift-crypto; no I/O.
        .target(
            name: "HandshakeCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        // Local storage: the identity's seed file, the owner's profile and the contact book (GRDB / SQLite).
        .target(
            name: "HandshakeStore",
            dependencies: ["HandshakeCore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        // The nearby exchange as sans-I/O state machines: bytes and clock ticks in; bytes, events and state out.
        .target(
            name: "HandshakeExchange",
            dependencies: ["HandshakeCore", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        // The nearby exchange for a person: the coordinator (meeting, lobby, crossing, bootstraps, saving) and
        // the transports that drive it: local-network discovery (DNS-SD over mDNS) and TCP on SwiftNIO, the
        // Bluetooth LE stream protocol.
        .target(
            name: "HandshakeNearby",
            dependencies: [
                "HandshakeExchange", "HandshakeCore",
                "HandshakeStore",  // the coordinator keeps the received card through the account's receive rule
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                // The relay on a mailbox server: a WebSocket (NIO's own codec and client upgrade), TLS for https.
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        // A whole nearby exchange over a simulated Bluetooth LE link on a virtual clock: the real sessions and
        // the real stream protocol, only the radio simulated. Tests use it for faults, benchmarks for timings.
        .target(name: "HandshakeLinkSimulator", dependencies: ["HandshakeNearby", "HandshakeExchange", "HandshakeCore"], swiftSettings: strict),
        // QR Code encoder (ISO/IEC 18004) and text/SVG renderers. Depends on nothing.
        .target(name: "HandshakeQR", swiftSettings: strict),
        // Reading the QR code in a picture in this process: the picture read as HandshakeAvatar reads a photo,
        // zbar's image scanner (libzbar) finding the code. Linux and macOS; on iOS an app uses the system's
        // scanners (Vision, AVFoundation) and this module is empty.
        .systemLibrary(name: "CHandshakeZbar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"]), .brew(["zbar"])]),
        .target(
            name: "HandshakeQRReader",
            dependencies: [
                "HandshakeCore",  // QRPictureError is a HandshakeError
                .target(name: "HandshakePictures", condition: .when(platforms: [.linux, .macOS])),
                .target(name: "CHandshakeZbar", condition: .when(platforms: [.linux, .macOS])),
            ],
            swiftSettings: strict
        ),
        // PNG rendering of QR symbols; compression by the system's zlib.
        .systemLibrary(
            // Named apart from ZIPFoundation's own `CZlib` module map: two modules of one name cannot coexist.
            name: "CHandshakeZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "HandshakeQRPNG", dependencies: ["HandshakeQR", "CHandshakeZlib"], swiftSettings: strict),
        // PNG and JPEG pictures read into pixels the right way up, by the system's libpng and libjpeg-turbo: what
        // HandshakeAvatar shrinks and HandshakeQRReader scans. Its API is `package`: no app sees it.
        .systemLibrary(name: "CHandshakeTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CHandshakePNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .target(name: "HandshakePictures", dependencies: ["CHandshakeTurboJPEG", "CHandshakePNG"], swiftSettings: strict),
        // Photos made into avatars: read by HandshakePictures, shrunk, written as JPEG by libjpeg-turbo.
        .target(name: "HandshakeAvatar", dependencies: ["HandshakeCore", "HandshakePictures", "CHandshakeTurboJPEG"], swiftSettings: strict),
        // Apple Wallet passes of the card: pass.json, manifest, a detached CMS signature, zipped.
        .target(
            name: "HandshakeWalletPass",
            dependencies: [
                "HandshakeCore", "HandshakeQR", "HandshakeQRPNG",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The mailbox server's API as types shared by the server and its client, and the typed client an app
        // uses (HandshakeCredentials' bounded HTTP, on SwiftNIO): sign-in, share links, friend requests, contacts, the resumable event stream.
        .target(
            name: "HandshakeMailbox",
            dependencies: [
                "HandshakeCore",
                "HandshakeCredentials",  // the fields a presentation discloses (`CardFields`), and `PresentableClaim`
            ],
            swiftSettings: strict
        ),
        // What Add accepts, for every front end: a card in any form, a share link (fetched from its server)
        // or a credential carrying a card, read into one verified preview before anything is stored.
        .target(
            name: "HandshakeIntake",
            dependencies: ["HandshakeCore", "HandshakeStore", "HandshakeMailbox", "HandshakeCredentials"],
            swiftSettings: strict
        ),
        // What every front end shows: the sentence for each outcome, error and event (its outside values kept
        // as values, escaped by the front end that draws them), and the decisions two front ends would both
        // make (what Add offers, a friend request as typed, a contact's saved settings, the card's QR code).
        .target(
            name: "HandshakePresentation",
            dependencies: [
                "HandshakeCore", "HandshakeStore",
                "HandshakeMailbox",  // friend requests, and which text the card's QR code carries (`CardQR`)
                "HandshakeCredentials",  // what a presentation to a verifier discloses by default
                "HandshakeQR",  // the card's QR code, at the level decided here
                "HandshakeIntake",  // what refreshing contacts' cards did (`CardRefresh`)
            ],
            swiftSettings: strict
        ),
        // The optional mailbox server (Hummingbird 2): accounts, share links, friend requests, contacts.
        .target(
            name: "HandshakeServer",
            dependencies: [
                "HandshakeCore",
                "HandshakeMailbox",  // the API's wire types and refusals, shared with the client
                "HandshakeCredentials",  // the OpenID4VP verifier's checks
                "HandshakeWalletPass",  // signing Wallet passes from a manifest's digest
                "HandshakeHTML",  // the card page and the share link's pages
                "HandshakeHTTPGuard",  // requests read one way only
                "CHandshakeZlib",  // the card page's files, gzipped once at start-up
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),  // libpq's sslmode and sslrootcert, and why a handshake failed
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),  // the request time limit, a channel handler
                .product(name: "NIOHTTP1", package: "swift-nio"),  // HTTPParserError: a body cut short
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),  // the relay rooms
            ],
            // The card page's script modules and stylesheet, in the binary: no folder to install beside it.
            resources: [
                .embedInCode("CardPage/Static/page.js"), .embedInCode("CardPage/Static/card.js"), .embedInCode("CardPage/Static/cbor.js"),
                .embedInCode("CardPage/Static/page.css"),
            ],
            swiftSettings: strict
        ),
        // Pages as typed nodes: element and attribute names from our own code, every value escaped by scalar.
        // What the local web app and the mailbox server's pages are written with; not a product for apps.
        .target(name: "HandshakeHTML", dependencies: ["HandshakeCore"], swiftSettings: strict),
        // What an HTTP/1.1 request's head must be to be read one way only, for the server and the web app alike:
        // a NIO handler between HTTP/1 decoding and Hummingbird.
        .target(
            name: "HandshakeHTTPGuard",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // `handshake app`: the screens as a local web app (Hummingbird 2), drawn from the libraries alone.
        .target(
            name: "HandshakeWebApp",
            dependencies: [
                "HandshakeCore",
                "HandshakeStore",
                "HandshakeQR",  // the QR code of My card, as SVG
                "HandshakeQRReader",  // Add from a picture or the camera: the app decodes, not the browser
                "HandshakeExchange",
                "HandshakeNearby",  // Face to face: the coordinator, with the screen as its front end
                "HandshakeMailbox",  // Friend requests and share links, on the account's server
                "HandshakeAvatar",  // a photo chosen for your card, shrunk to fit as `card set --avatar` does
                "HandshakeIntake",  // Add: a card, a share link or a credential, read as `handshake add` reads it
                "HandshakeHTML",  // every screen, as typed nodes
                "HandshakeHTTPGuard",  // requests read one way only
                "HandshakePresentation",  // the sentences and decisions it shares with the program
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),  // `URI`, which the access rule decides from
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),  // the launch's random secrets
                .product(name: "NIOCore", package: "swift-nio"),  // a port already taken, told apart by its errno
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),  // the header timeout, a channel handler
            ],
            // The page's script and stylesheet, compiled into the binary as bytes (`PackageResources.app_js`),
            // so the program needs no folder of files beside it.
            resources: [.embedInCode("Static/app.js"), .embedInCode("Static/app.css")],
            swiftSettings: strict
        ),
        // Verifiable Credentials (VC-JWT cards) and the scan router that recognises every scanned form.
        // The only target that depends on jwt-kit: HandshakeCore keeps depending on swift-crypto alone.
        // Also the bounded HTTP exchange every client uses (HTTP/): SwiftNIO and NIOSSL, not URLSession.
        .target(
            name: "HandshakeCredentials",
            dependencies: [
                "HandshakeCore",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        // Writes the commit a build is made from into the program, for `handshake --version`.
        .plugin(name: "BuildCommit", capability: .buildTool(), exclude: ["commit-of-archive.txt"]),
        // The command-line program.
        .executableTarget(
            name: "handshake",
            dependencies: [
                "HandshakeCore",
                "HandshakeStore",
                "HandshakeQR",
                "HandshakeQRPNG",
                "HandshakeQRReader",
                "HandshakeExchange",
                "HandshakeNearby",
                "HandshakeServer",
                "HandshakeWalletPass",
                "HandshakeCredentials",
                "HandshakeAvatar",
                "HandshakeMailbox",
                "HandshakeIntake",
                "HandshakeWebApp",
                "HandshakePresentation",  // the sentences and decisions it shares with the web app
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            plugins: ["BuildCommit"]
        ),
        // What several test targets share (two hosts in network namespaces, the check that each Getting Started
        // article shows the code its test runs); never linked into a product.
        .target(
            name: "HandshakeTestSupport",
            dependencies: [
                "HandshakeCore", "HandshakeExchange",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),  // the hostile HTTP server
            ],
            path: "Tests/HandshakeTestSupport", swiftSettings: strict),
        .testTarget(
            name: "HandshakeCoreTests", dependencies: ["HandshakeCore", "HandshakeTestSupport"],
            exclude: ["Conformance", "Vectors", "VCardCorpus"],  // Python conformance scripts, test vectors and vCard exports, read at run time
            swiftSettings: strict
        ),
        .testTarget(
            name: "HandshakeQRTests", dependencies: ["HandshakeQR", "HandshakeQRPNG", "HandshakeQRReader", "HandshakePictures", "HandshakeTestSupport"],
            exclude: ["Scripts"],  // the segno and Pillow helpers, run at test time
            swiftSettings: strict
        ),
        .testTarget(
            name: "HandshakeStoreTests",
            dependencies: ["HandshakeCore", "HandshakeStore", "HandshakeTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeExchangeTests",
            dependencies: ["HandshakeExchange", "HandshakeCore", "HandshakeTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Conformance", "Vectors"],  // Python peers and test vectors, read at run time
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeNearbyTests",
            dependencies: ["HandshakeNearby", "HandshakeLinkSimulator", "HandshakeExchange", "HandshakeCore", "HandshakeStore", "HandshakeTestSupport"],
            exclude: ["Conformance"],  // Python peers (zeroconf, ndeflib), run at test time
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeServerTests",
            dependencies: [
                "HandshakeServer", "HandshakeMailbox", "HandshakeCore", "HandshakeCredentials", "HandshakeWalletPass", "HandshakeTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["Scripts"],  // raw_http.py: HTTP/1 on a bare socket, for the connection tests
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeMailboxTests",
            dependencies: [
                "HandshakeMailbox", "HandshakeServer", "HandshakeCore", "HandshakeStore", "HandshakeTestSupport",
                "HandshakeQR",  // what the card page link costs in a QR code
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeIntakeTests",
            dependencies: ["HandshakeIntake", "HandshakeMailbox", "HandshakeStore", "HandshakeCore", "HandshakeTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeWalletPassTests",
            dependencies: ["HandshakeWalletPass", "HandshakeCore", "HandshakeQR", "HandshakeTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeAvatarTests",
            dependencies: ["HandshakeAvatar", "HandshakeCore", "HandshakeTestSupport"],
            exclude: ["Conformance"],  // the Pillow script that makes test photos and checks the avatars, run at test time
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeCredentialsTests",
            dependencies: ["HandshakeCredentials", "HandshakeCore", "HandshakeTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Conformance", "Vectors"],  // Python interop scripts (joserfc, PyJWT) and did:key vectors, read at run time
            swiftSettings: strict),
        .testTarget(
            name: "HandshakeWebAppTests",
            dependencies: [
                "HandshakeWebApp", "HandshakeStore", "HandshakeCore", "HandshakeTestSupport", "HandshakeIntake", "HandshakeCredentials",
                "HandshakeHTML", "HandshakePresentation",
                "HandshakeQRReader",  // a picture of a card page link, read as the app reads one
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),  // the header timeout on an event loop the test's clock drives
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HandshakePresentationTests",
            dependencies: ["HandshakePresentation", "HandshakeStore", "HandshakeCore", "HandshakeMailbox", "HandshakeCredentials", "HandshakeQR"],
            swiftSettings: strict),
        .testTarget(name: "HandshakeHTMLTests", dependencies: ["HandshakeHTML"], swiftSettings: strict),
        .testTarget(
            name: "HandshakeCLITests",
            dependencies: ["HandshakeCore", "HandshakeStore", "HandshakeExchange", "HandshakeMailbox", "HandshakeHTML", "HandshakeTestSupport", "handshake"],
            // Browser: the Playwright scripts that drive `handshake app` in Chromium; Hostile: the hostile peers
            // (a forging mailbox, an mDNS advertiser) run at test time; Load: the flood of issue 34.
            exclude: ["Browser", "Hostile", "Load"],
            swiftSettings: strict),
    ]
)
