// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Flagstaff",
    // macOS 15 for the standard library's `Mutex` (Synchronization); Xcode 16.3,
    // the first with Swift 6.1, needs macOS 15 itself, so no Mac that can build
    // Flagstaff is left out.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flagstaff", targets: ["FlagstaffCLI"]),
        .library(name: "Flagstaff", targets: ["Flagstaff"]),
        // The readers alone, for the fuzzers in Fuzz/, which build them with sanitizers.
        .library(name: "FlagstaffReaders", targets: ["FlagstaffReaders"]),
        .plugin(name: "FlagstaffCommand", targets: ["FlagstaffCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // cmark from the system (Debian: libcmark-dev), for CommonMark parsing and safe HTML.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // The pure core: model, resolution, validation, lifecycle. No I/O, no clock.
        .target(name: "FlagstaffCore"),
        // Readers: turn source files into the model, keeping positions for diagnostics.
        .target(
            name: "FlagstaffReaders",
            dependencies: [
                "FlagstaffCore",
                "CCmark",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Renderers: turn the resolved model into Markdown, JSON, CSV and HTML.
        .target(
            name: "FlagstaffRenderers",
            dependencies: [
                "FlagstaffCore",
                "CCmark",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTheme", "GenerateTemplateFields"]
        ),
        // The commands: load a workspace, render, write files atomically.
        .target(
            name: "Flagstaff",
            dependencies: ["FlagstaffCore", "FlagstaffReaders", "FlagstaffRenderers"]
        ),
        // The thin command line.
        .executableTarget(
            name: "FlagstaffCLI",
            dependencies: [
                "Flagstaff",
                "FlagstaffCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool that embeds templates/ into the binary, so an installed
        // `flagstaff` carries its default theme with it.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        // Build-time tool that writes each template context's `field(named:)`, the
        // switch Mustache reads fields through (see `TemplateContext`), so a page's
        // context is a plain struct and no switch is written by hand.
        // It reads Swift without swift-syntax: a build tool's dependencies are built
        // a second time for the host, which would double a clean build.
        .executableTarget(name: "TemplateFieldsGenerator"),
        .plugin(name: "GenerateTemplateFields", capability: .buildTool(), dependencies: ["TemplateFieldsGenerator"]),
        // `swift package --allow-writing-to-package-directory flagstaff build` in a package that depends on Flagstaff.
        .plugin(
            name: "FlagstaffCommand",
            capability: .command(
                intent: .custom(verb: "flagstaff", description: "Run flagstaff (build, validate, diff, …) in the package's folder."),
                permissions: [.writeToPackageDirectory(reason: "flagstaff build writes the site, matrix.md and flags.json to the output folder.")]
            )
        ),
        // One test target per module: the core's tests see only the core, so they cannot touch the disk.
        .testTarget(name: "FlagstaffCoreTests", dependencies: ["FlagstaffCore"]),
        .testTarget(name: "FlagstaffReadersTests", dependencies: ["FlagstaffCore", "FlagstaffReaders"], exclude: ["Fixtures"]),
        .testTarget(name: "FlagstaffRenderersTests", dependencies: ["FlagstaffCore", "FlagstaffRenderers"]),
        .testTarget(name: "TemplateFieldsGeneratorTests", dependencies: ["TemplateFieldsGenerator"]),
        // The command line: its option groups, parsed as `flagstaff` parses them, its help, and its options in the README.
        .testTarget(
            name: "FlagstaffCLITests",
            dependencies: ["FlagstaffCLI", "Flagstaff", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["Golden"]
        ),
        // Commands end to end, on fixture workspaces, with golden files.
        .testTarget(
            name: "FlagstaffTests",
            dependencies: [
                "Flagstaff", "FlagstaffCore", "FlagstaffReaders", "FlagstaffRenderers",
                // To read the GitHub Actions recipe's workflows.
                .product(name: "Yams", package: "Yams"),
                // To check that only Platform.swift calls the C library (PlatformGuardTests).
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
