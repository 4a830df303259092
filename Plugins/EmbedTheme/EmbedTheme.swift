import Foundation
import PackagePlugin

/// Embeds every file of the package's `templates/` folder into the target as
/// Swift string literals, so the default theme travels inside the binary.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let inputs = try FileManager.default
            .subpathsOfDirectory(atPath: themeDirectory.path)
            .sorted()
            .map { themeDirectory.appending(path: $0) }
            .filter { !$0.hasDirectoryPath && (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true }
        return [
            .buildCommand(
                displayName: "Embedding the default theme from templates/",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
