// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package of its own so that `swift test` at the root never runs it. It depends on the root
// package by path; a path package's identity is its directory's name, which differs between
// checkouts (worktrees, CI clones), so it is read from where this manifest sits.
let rootIdentity = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "PaymentsBenchmark",
            dependencies: [
                .product(name: "PaymentsCore", package: rootIdentity),
                .product(name: "Clocks", package: rootIdentity),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "FleetBenchmark",
            dependencies: [
                .product(name: "PaymentsCore", package: rootIdentity),
                .product(name: "Clocks", package: rootIdentity),
            ]
        ),
        .executableTarget(
            name: "CounterBenchmark",
            dependencies: [
                .product(name: "CounterApp", package: rootIdentity),
                .product(name: "CheckoutKit", package: rootIdentity),
                .product(name: "PaymentsCore", package: rootIdentity),
                .product(name: "TerminalUI", package: rootIdentity),
                .product(name: "Clocks", package: rootIdentity),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
