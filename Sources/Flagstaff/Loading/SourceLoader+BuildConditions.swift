import FlagstaffCore
import FlagstaffReaders

/// The compilation conditions `build_configurations` settles, with its `.xcconfig` files.
extension SourceLoader {
    /// The compilation conditions of each environment that `build_configurations`
    /// names: those it lists, with those its `.xcconfig` files set.
    mutating func buildConditions() -> [String: Set<String>] {
        var conditions: [String: Set<String>] = [:]
        for (environment, entry) in configuration.buildConfigurations.entries where entry.settlesConditions {
            var names = Set(entry.conditions)
            for path in entry.xcconfigs {
                let source = source
                guard source.kind(of: path) == .file else {
                    unreadable.append(
                        .error(
                            "cannot read the build configuration file '\(path)'", at: entry.location,
                            hint: "build_configurations.\(environment).xcconfig names it"))
                    continue
                }
                let (found, problems) = XcconfigReader.conditions(of: path, configuration: environment, namedAt: entry.location) { path in
                    do throws(FileSourceError) {
                        return .text(try source.text(of: path))
                    } catch .outsideWorkspace(let refusal) {
                        return .refused(message: refusal.message, hint: refusal.hint)
                    } catch {
                        return .unreadable
                    }
                }
                names.formUnion(found)
                diagnostics += problems
            }
            conditions[environment] = names
        }
        return conditions
    }
}
