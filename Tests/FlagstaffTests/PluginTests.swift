import Foundation
import Testing

/// The `flagstaff` command plugin, end to end: a package that depends on this
/// checkout by path runs `swift package … flagstaff build` on the small fixture.
///
/// The plugin builds a release tool for users; the test asks for a debug one
/// (`--debug-tool`), since a release build of swift-syntax takes 7–15 minutes.
/// The first run builds the tool and its dependencies (minutes). The build
/// folder, `.build/plugin-e2e` in this checkout, is kept between runs, so
/// later runs only check that the tool is up to date.
@Suite("SwiftPM command plugin")
struct PluginTests {
    static let scratch = Fixtures.repositoryRoot.appendingPathComponent(".build/plugin-e2e")

    @Test func aDependentPackageRunsFlagstaffThroughThePlugin() throws {
        try withCopy(of: "small") { package in
            try write(
                """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "Consumer",
                    dependencies: [.package(path: "\(Fixtures.repositoryRoot.path)")]
                )

                """, to: "Package.swift", in: package)
            // The same versions as this checkout, so nothing is resolved anew.
            try FileManager.default.copyItem(
                at: Fixtures.repositoryRoot.appendingPathComponent("Package.resolved"), to: package.appendingPathComponent("Package.resolved"))

            let build = try run("swift", ["package", "--scratch-path", Self.scratch.path, "--allow-writing-to-package-directory", "flagstaff", "--debug-tool", "build"], in: package)
            #expect(build.status == 0, "\(build.error)")
            let matrix = try String(contentsOf: package.appendingPathComponent("out/matrix.md"), encoding: .utf8)
            #expect(try Fixtures.golden("small/matrix.md", matches: matrix))

            let usage = try run("swift", ["package", "--scratch-path", Self.scratch.path, "--allow-writing-to-package-directory", "flagstaff", "--debug-tool", "validate", "--nope"], in: package)
            #expect(usage.status != 0)
            #expect((usage.output + usage.error).contains("Unknown option '--nope'"), "the tool's own message gets through")
            #expect(usage.error.contains("error: flagstaff exited with status 2"))
        }
    }
}
