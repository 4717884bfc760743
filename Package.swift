// swift-tools-version: 6.2
// 6.2: the Presentation layer uses `isolated deinit` (SE-0371).
import PackageDescription

// `hannun` loads FoundationEssentials only, not corelibs Foundation, FoundationInternationalization
// and ICU, whose loading cost each one-shot command about as much as the rest of its start-up
// (StartupFootprintTests). A module that imports Foundation, or imports a module that does (Domain
// imports Foundation by name), carries `-lFoundation` and `-lFoundationInternationalization` as
// autolink entries, which the linker makes into DT_NEEDED: `-Xlinker --as-needed` cannot drop
// them, since the Swift driver puts a target's linker flags after the libraries its modules ask
// for. So the modules linked into `hannun` are compiled without those two entries: they may use
// only FoundationEssentials' part of Foundation, and a use of the rest fails `hannun`'s link
// (undefined reference) rather than loading the libraries. On Linux only: elsewhere Foundation is
// one framework. SwiftPM checks a dependency's unsafe flags only in manifests older than
// tools-version 6.2, so the library products stay usable as a versioned dependency too.
let essentialsOnly: [SwiftSetting] = [
  .unsafeFlags(
    [
      "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Foundation",
      "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationInternationalization",
    ],
    .when(platforms: [.linux]))
]

let package = Package(
  name: "Hannun",
  // Observation needs macOS 14. The core (Domain, Data, Presentation, and HannunKit and HannunJSON
  // over them) has no platform-specific code outside `#if canImport(Glibc) / Darwin` guards; the
  // REPL's line editor needs GNU readline (Linux: libreadline-dev; macOS: Homebrew's readline). CI builds and
  // tests on Linux only: the macOS build is expected to work but is not checked.
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "hannun", targets: ["hannun"]),
    // `hannun serve`'s web server, which `hannun` execs, so the one-shot commands load none of it.
    .executable(name: "hannun-serve", targets: ["hannun-serve"]),
    // The REPL, which `hannun` execs when no subcommand is given, so the one-shot commands load
    // no GNU readline.
    .executable(name: "hannun-repl", targets: ["hannun-repl"]),
    .library(name: "HannunDomain", targets: ["HannunDomain"]),
    .library(name: "HannunData", targets: ["HannunData"]),
    .library(name: "HannunExchange", targets: ["HannunExchange"]),
    .library(name: "HannunPresentation", targets: ["HannunPresentation"]),
    // A repository in memory, for previews and other people's tests.
    .library(name: "HannunInMemoryStore", targets: ["HannunInMemoryStore"]),
    // A ledger session wired and started in one call: what a new frontend starts from.
    .library(name: "HannunKit", targets: ["HannunKit"]),
    // The CLI's JSON contract (`month --json` …), for frontends that speak it.
    .library(name: "HannunJSON", targets: ["HannunJSON"]),
    // The terminal frontend, for the REPL's package benchmarks (Benchmarks/).
    .library(name: "HannunREPL", targets: ["HannunREPL"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `swift package generate-documentation --target HannunKit` (DocC catalogs in Sources/*.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // `hannun serve`: the web frontend's HTTP server.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.4.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    // Hummingbird's own NIO, named for the web tests' client (HannunWebTesting).
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
  ],
  targets: [
    // MARK: - Layers
    // The modules linked into `hannun` take `essentialsOnly` (above).
    .target(name: "HannunDomain", swiftSettings: essentialsOnly),
    .target(name: "HannunData", dependencies: ["HannunDomain"], swiftSettings: essentialsOnly),
    .target(
      name: "HannunPresentation", dependencies: ["HannunDomain"], swiftSettings: essentialsOnly),
    .target(name: "HannunInMemoryStore", dependencies: ["HannunDomain"]),
    // The composition every frontend shares: store, clock, editor, calendar and coordinator.
    .target(
      name: "HannunKit",
      dependencies: ["HannunDomain", "HannunData", "HannunPresentation", "HannunExchange"],
      swiftSettings: essentialsOnly),
    .target(
      name: "HannunJSON", dependencies: ["HannunPresentation", "HannunDomain"],
      swiftSettings: essentialsOnly),
    // Ledgers in other programs' formats: CSV and hledger/ledger journals.
    .target(name: "HannunExchange", dependencies: ["HannunDomain"], swiftSettings: essentialsOnly),
    // Reading a file the user imports (its format, its limits, its refusals in the user's
    // language): one reading for every frontend's import (the REPL, the command line, the web).
    .target(
      name: "HannunImportFiles",
      dependencies: ["HannunDomain", "HannunExchange", "HannunPresentation"],
      swiftSettings: essentialsOnly),
    // GNU readline (Debian: libreadline-dev). Its pkg-config file adds -D_XOPEN_SOURCE, which
    // SwiftPM rejects with a warning, so the module map links it directly instead.
    .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"]), .brew(["readline"])]),
    // libqrencode (Debian: libqrencode-dev): the QR code `hannun serve` shows for pairing a phone.
    .systemLibrary(name: "CQRencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
    .target(
      name: "HannunREPL",
      dependencies: [
        "HannunPresentation", "HannunDomain", "HannunExchange", "HannunImportFiles",
      ],
      swiftSettings: essentialsOnly),
    // The REPL's line editor over GNU readline, linked only into the `hannun-repl` executable.
    .target(name: "HannunLineEditor", dependencies: ["HannunREPL", "CReadline"]),
    // The composition root and the one-shot commands, as a library so that they are tested in
    // process; the executable only calls it.
    .target(
      name: "HannunApp",
      dependencies: [
        "HannunDomain", "HannunPresentation", "HannunKit", "HannunJSON", "HannunREPL",
        "HannunExchange", "HannunImportFiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: essentialsOnly
    ),
    .executableTarget(
      name: "hannun", dependencies: ["HannunApp"], swiftSettings: essentialsOnly),
    // `hannun` with no subcommand (or `hannun repl`): `hannun` execs `hannun-repl`, built beside
    // it, which links the line editor and GNU readline.
    .executableTarget(name: "hannun-repl", dependencies: ["HannunApp", "HannunLineEditor"]),
    // `hannun serve`: the web server and the pairing QR code. `hannun` execs `hannun-serve` (built
    // beside it) for `serve`, so the one-shot commands neither load nor relocate any of it.
    .target(
      name: "HannunServe",
      dependencies: [
        "HannunApp", "HannunDomain", "HannunKit", "HannunPresentation", "HannunWeb", "CQRencode",
      ]),
    .executableTarget(name: "hannun-serve", dependencies: ["HannunApp", "HannunServe"]),
    // The web frontend (`hannun serve`): pages drawn from the same view-models as the terminal.
    .target(
      name: "HannunWeb",
      dependencies: [
        "HannunDomain", "HannunPresentation", "HannunKit", "HannunExchange", "HannunImportFiles",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),

    // MARK: - Tests
    .target(
      name: "HannunTestSupport",
      dependencies: ["HannunDomain", "HannunInMemoryStore"],
      path: "Tests/HannunTestSupport"
    ),
    // The web tests' client: requests through the application's responder in process, or over
    // HTTP/1.1 to it served on loopback. Hummingbird's own HummingbirdTesting would build
    // AsyncHTTPClient, NIOSSL, NIOHTTP2 and BoringSSL for the tests.
    .target(
      name: "HannunWebTesting",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ],
      path: "Tests/HannunWebTesting"
    ),
    .testTarget(name: "HannunDomainTests", dependencies: ["HannunDomain", "HannunTestSupport"]),
    .testTarget(
      name: "HannunDataTests",
      dependencies: [
        "HannunData", "HannunTestSupport", "HannunPresentation",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "HannunPresentationTests",
      dependencies: [
        "HannunPresentation", "HannunTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "HannunREPLTests",
      dependencies: [
        "HannunREPL", "HannunLineEditor", "HannunTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "HannunJSONTests", dependencies: ["HannunJSON", "HannunTestSupport"]),
    .testTarget(
      name: "HannunExchangeTests", dependencies: ["HannunExchange", "HannunTestSupport"]),
    .testTarget(
      name: "HannunKitTests",
      dependencies: ["HannunKit", "HannunPresentation", "HannunExchange", "HannunTestSupport"]),
    .testTarget(
      name: "HannunAppTests",
      dependencies: [
        "HannunApp", "HannunServe", "HannunTestSupport", "HannunWeb",
        // The web's part of the same-intent tests, its routes run in process.
        .product(name: "Hummingbird", package: "hummingbird"),
        "HannunWebTesting",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["hannun", "hannun-serve", "hannun-repl"]),
    .testTarget(
      name: "HannunWebTests",
      dependencies: [
        "HannunWeb", "HannunTestSupport", "HannunPresentation", "HannunKit",
        // The file store only to show a second process's write reaching an open page.
        "HannunData",
        .product(name: "Hummingbird", package: "hummingbird"),
        "HannunWebTesting",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
