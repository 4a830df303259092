extension Validator {
    /// The problems of the value files (`values`): a key two files give values of
    /// different types, and keys that are no flag.
    static func valueFileDiagnostics(_ model: FlagModel) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: (type: FlagType, file: String, location: SourceLocation)] = [:]
        let keys = model.flags.map(\.key)
        for source in model.layerSources.values {
            var unknown: [(key: String, location: SourceLocation)] = []
            for (key, setting) in source.settings {
                guard model.flagIndex(key) != nil else {
                    unknown.append((key, setting.keyLocation))
                    continue
                }
                if let earlier = first[key] {
                    if earlier.type != setting.value.type {
                        diagnostics.append(
                            .error(
                                "'\(key)' is a \(setting.value.type) here, but a \(earlier.type) in \(earlier.file)", at: setting.location,
                                hint: "the app reads one type for a flag; \(earlier.file) sets it at line \(earlier.location.line), column \(earlier.location.column)"))
                    }
                } else {
                    first[key] = (setting.value.type, source.file, setting.location)
                }
            }
            for item in unknown.sorted(by: { $0.location < $1.location }) {
                diagnostics.append(
                    .warning(
                        "'\(item.key)' in \(source.file) is not a flag", at: item.location,
                        hint: Suggestion.didYouMean(item.key, in: keys) ?? "declare it, or remove it from the file"))
            }
        }
        return diagnostics
    }
}
