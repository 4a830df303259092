import Foundation
import PackagePlugin

/// Generates `field(named:)` for the target's template contexts (see
/// `TemplateFieldsGenerator`), from every Swift file of the target.
@main
struct GenerateTemplateFields: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "TemplateContext+Fields.swift")
        return [
            .buildCommand(
                displayName: "Generating the template contexts' field(named:)",
                executable: try context.tool(named: "TemplateFieldsGenerator").url,
                arguments: [output.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [output]
            )
        ]
    }
}
