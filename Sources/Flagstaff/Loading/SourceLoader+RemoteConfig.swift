import FlagstaffCore
import FlagstaffReaders

/// The Remote Config templates `remote_config` names.
extension SourceLoader {
    /// The Remote Config templates, each file read and parsed once, with the settings; `nil` without `remote_config`.
    mutating func remoteConfig() -> RemoteConfig? {
        guard let settings = configuration.remoteConfig else { return nil }
        var templates: [String: RemoteTemplate] = [:]
        var byFile: [String: RemoteTemplate] = [:]
        for environment in settings.templates.keys.sorted() {
            let file = settings.templates[environment]!
            if byFile[file] == nil {
                guard let text = read(file, key: .remoteConfig) else { continue }
                let (template, problems) = RemoteTemplateReader.read(text, file: file, timeZone: configuration.timeZone)
                diagnostics += problems
                guard let template else { continue }
                byFile[file] = template
            }
            templates[environment] = byFile[file]
        }
        return settings.remoteConfig(templates: templates, asOf: asOf)
    }
}
