// swift-tools-version:6.0
import PackageDescription

// Layers, imports pointing down only (see DESIGN.md):
//   checkout -> CounterApp -> CheckoutKit -> PaymentsCore -> Clocks, PostgresClient -> CLibPQ
//                          -> TerminalUI  -> CNcurses, Clocks, Localization
//   CounterApp -> Localization (the views word the core's values; the core and the kit never do)
// `Clocks` sits below both the toolkit and the core because both must run on the loop's one
// clock, and the core may not import the toolkit.
let package = Package(
    name: "CheckoutCounter",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "checkout", targets: ["checkout"]),
        // Libraries, so that Benchmarks/ (a package of its own, kept out of `swift test`) can use them.
        .library(name: "Clocks", targets: ["Clocks"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "PaymentsCore", targets: ["PaymentsCore"]),
        .library(name: "CheckoutKit", targets: ["CheckoutKit"]),
        .library(name: "CounterApp", targets: ["CounterApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // PostgreSQL's own client library, for a fleet of counters on one server (Docs/fleet.md):
        // its header only. The library is loaded when a counter first connects to a server, not
        // linked, so a counter on a file never maps it (PostgresClient's LibPQ).
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // A small synchronous wrapper over libpq: connect, statements with parameters, typed
        // rows, transactions retried whole on 40001/40P01, the socket for LISTEN/NOTIFY.
        .target(name: "PostgresClient", dependencies: ["CLibPQ"]),
        .target(name: "Clocks"),
        // The catalogue of every text the counter shows, by language, with dates and currency
        // symbols; below the toolkit and the core, which both show text.
        .target(name: "Localization"),
        // A QR code encoder of our own: no Swift QR package is on the machine, and the wallet
        // screen only needs byte-mode symbols drawn as a module matrix.
        .target(name: "QRCode"),
        .target(
            name: "TerminalUI",
            dependencies: ["CNcurses", "Clocks", "Localization", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .target(
            name: "PaymentsCore",
            dependencies: [
                "Clocks",
                "PostgresClient",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(name: "CheckoutKit", dependencies: ["PaymentsCore", "Clocks"]),
        // The screens reach the core through CheckoutKit only (its CoreVocabulary re-exports the core's
        // values they word), never by importing PaymentsCore.
        .target(name: "CounterApp", dependencies: ["TerminalUI", "CheckoutKit", "Clocks", "QRCode", "Localization"]),
        // The translators' PO files to and from the catalogue (`swift run po-catalogue export|import`).
        .target(name: "CataloguePO", dependencies: ["Localization"]),
        .executableTarget(name: "po-catalogue", dependencies: ["CataloguePO", "Localization"]),
        // The operator's log (`--log FILE`, `--log-level`): swift-log, one line an event, no card numbers.
        .target(name: "OperationalLog", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .executableTarget(
            name: "checkout",
            dependencies: ["CounterApp", "CheckoutKit", "PaymentsCore", "TerminalUI", "Localization", "OperationalLog",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .testTarget(name: "ClocksTests", dependencies: ["Clocks"]),
        // The command line itself (`@testable import checkout`): the common invocations read
        // without ArgumentParser against what ArgumentParser reads.
        .testTarget(name: "CheckoutCommandTests", dependencies: ["checkout", "CheckoutKit", "PaymentsCore", "Clocks",
                                                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "CataloguePO", "ProgramSupport"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "ProgramSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Clocks", "Localization"]),
        .testTarget(
            name: "PaymentsCoreTests",
            dependencies: ["PaymentsCore", "Clocks", "Localization", "ProgramSupport", "PostgresClient", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient", "ProgramSupport"]),
        // A seeded fault simulator for the core (crashes, failed writes, late answers, clock jumps),
        // on a SQLite file or with several counters on the throwaway PostgreSQL server; a few seeds
        // in `swift test`, long campaigns behind SIMULATION_STEPS / SIMULATION_SEEDS / SIMULATION_ENGINE.
        .testTarget(
            name: "SimulationTests",
            dependencies: ["PaymentsCore", "Clocks", "PostgresClient", "ProgramSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "CheckoutKitTests", dependencies: ["CheckoutKit", "PaymentsCore", "Clocks", "ProgramSupport"]),
        .testTarget(name: "CounterAppTests", dependencies: ["CounterApp", "TerminalUI", "CheckoutKit", "PaymentsCore", "Clocks", "Localization", "ProgramSupport",
                                                        .product(name: "GRDB", package: "GRDB.swift")]),
        // The programs tests run that Swift does not bring (tmux, zbarimg, msgfmt...), each with
        // the Debian package that a failing test names when it is missing.
        // It also starts the throwaway PostgreSQL server the PostgreSQL tests share.
        .target(name: "ProgramSupport", dependencies: ["PostgresClient"], path: "Tests/ProgramSupport"),
        // Drives the real binary in tmux; shared by the end-to-end and hardening tests.
        .target(name: "TerminalTestSupport", dependencies: ["ProgramSupport"], path: "Tests/TerminalTestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["TerminalTestSupport", "ProgramSupport", "OperationalLog", "PostgresClient",
                                                          .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "HardeningTests", dependencies: ["CounterApp", "TerminalUI", "CheckoutKit", "PaymentsCore", "Clocks", "Localization", "TerminalTestSupport",
                                                        .product(name: "GRDB", package: "GRDB.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
