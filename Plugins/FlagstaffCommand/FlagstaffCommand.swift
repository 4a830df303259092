import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory flagstaff <subcommand> [arguments…]`:
/// runs the `flagstaff` tool in the package's folder, with every argument passed on.
///
/// The tool is looked up by its target's name, `FlagstaffCLI`: SwiftPM 6.3 cannot
/// build a plugin's tool whose executable product has another name
/// (swiftlang/swift-package-manager#8831), so the package also exports it under that name.
@main
struct FlagstaffCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(try context.tool(named: Self.tool).url, arguments: arguments, in: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FlagstaffCommand: XcodeCommandPlugin {
    /// The same command from Xcode's project menu, in the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(try context.tool(named: Self.tool).url, arguments: arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif

extension FlagstaffCommand {
    /// The tool's name for `context.tool(named:)`.
    static let tool = "FlagstaffCLI"

    /// Runs the tool in a folder, sharing this process's output, and fails with its exit status.
    func run(_ tool: URL, arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FlagstaffFailed(status: process.terminationStatus)
        }
    }
}

/// The tool exited with a status other than 0; it has already said why.
struct FlagstaffFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "flagstaff exited with status \(status)" }
}
