import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory flagstaff <subcommand> [arguments…]`:
/// builds the `flagstaff` tool in release mode and runs it in the package's
/// folder, with every argument passed on.
///
/// The tool is built through the package manager rather than named as the
/// plugin's dependency: SwiftPM builds a plugin's dependencies in debug mode,
/// where swift-syntax runs 20–40 times slower. `--debug-tool` before the
/// subcommand builds and runs a debug tool instead, quicker to build and slower
/// to run; the plugin's own test uses it.
@main
struct FlagstaffCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(arguments: arguments, in: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FlagstaffCommand: XcodeCommandPlugin {
    /// The same command from Xcode's project menu, in the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(arguments: arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif

extension FlagstaffCommand {
    /// The option, before the subcommand, that asks for a debug tool.
    static let debugOption = "--debug-tool"

    /// Builds the tool, runs it in a folder sharing this process's output, and
    /// fails with its exit status.
    func run(arguments: [String], in folder: URL) throws {
        let debug = arguments.first == Self.debugOption
        let result = try packageManager.build(
            .product("flagstaff"), parameters: .init(configuration: debug ? .debug : .release, logging: .concise, echoLogs: true))
        guard result.succeeded, let tool = result.builtArtifacts.first(where: { $0.kind == .executable })?.url else {
            throw FlagstaffFailed(description: "building flagstaff failed:\n\(result.logText)")
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = debug ? Array(arguments.dropFirst()) : arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FlagstaffFailed(description: "flagstaff exited with status \(process.terminationStatus)")
        }
    }
}

/// The tool could not be built, or exited with a status other than 0 (it has then already said why).
struct FlagstaffFailed: Error, CustomStringConvertible {
    let description: String
}
