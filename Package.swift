// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "coordlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "coordlint", targets: ["coordlint"]),
        .library(name: "CoordLintKit", targets: ["CoordLintKit"]),
        .plugin(name: "CoordLintPlugin", targets: ["CoordLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Vocabulary: locations, findings, facts, the ownership graph, the Rule protocol. No I/O.
        .target(name: "CoordLintCore"),
        // swift-syntax → FileFacts. Never decides what leaks.
        .target(
            name: "SwiftFrontend",
            dependencies: [
                "CoordLintCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // libclang's C API (Debian's libclang-dev; scripts/setup.sh writes the pkg-config file).
        .systemLibrary(
            name: "CClang",
            pkgConfig: "coordlint-libclang",
            providers: [.apt(["libclang-dev"]), .brew(["llvm"])]
        ),
        // libclang → the same FileFacts for .h/.m/.mm. Never decides what leaks.
        .target(name: "ObjCFrontend", dependencies: ["CoordLintCore", "CClang"]),
        // FileFacts → one OwnershipGraph (type resolution, UIKit ownership, closures, SCC).
        .target(name: "Analysis", dependencies: ["CoordLintCore"]),
        // One rule per file; reads the graph and the facts, never syntax.
        .target(name: "Rules", dependencies: ["CoordLintCore", "Analysis"]),
        // The only code that serializes.
        .target(name: "Reporters", dependencies: ["CoordLintCore"]),
        // The pipeline: files → frontends (parallel) → analysis → rules → filters.
        .target(
            name: "CoordLintKit",
            dependencies: ["CoordLintCore", "SwiftFrontend", "ObjCFrontend", "Analysis", "Rules", "Reporters",
                           .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "coordlint",
            dependencies: [
                "CoordLintKit",
                "ObjCFrontend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package coordlint`: runs the executable on the package.
        .plugin(
            name: "CoordLintPlugin",
            capability: .command(
                intent: .custom(verb: "coordlint", description: "Find retain cycles and leaks in Coordinator-pattern code"),
                permissions: []),
            dependencies: ["coordlint"]
        ),
        .testTarget(
            name: "CoordLintTests",
            dependencies: ["CoordLintKit", "SwiftFrontend", "ObjCFrontend", "Analysis", "Rules", "Reporters", "CoordLintCore"],
            path: "Tests/CoordLintTests",
            // Test data read by path (the official SARIF schema): not compiled, not bundled.
            exclude: ["Resources"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
