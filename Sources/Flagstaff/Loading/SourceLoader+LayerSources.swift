import FlagstaffCore
import FlagstaffReaders

/// The value files and external sources of the chain (`values`, `external`).
extension SourceLoader {
    /// The value files and external sources the configuration declares, with the
    /// chain's order: each value file read by its format; each flag an external
    /// source names checked against the declarations.
    mutating func layerSources(flags: [Flag]) -> LayerSources {
        let settings = configuration.layers
        var values: [ValueSource] = []
        for file in settings.values {
            guard let text = read(file.path, key: .values), let format = FormatRegistry.values(named: file.format) else { continue }
            let (tenant, problems) = format.read(text, file: file.path, id: file.id, name: file.id, keys: nil)
            diagnostics += problems
            guard let tenant else { continue }
            func byKey(_ table: SettingTable) -> [String: Tenant.Setting] {
                var settings: [String: Tenant.Setting] = [:]
                for (key, setting) in table where settings[key] == nil { settings[key] = setting }
                return settings
            }
            values.append(
                ValueSource(
                    id: file.id, file: file.path, environments: file.environments.map(Set.init), settings: byKey(tenant.base),
                    overrides: tenant.overrides.mapValues(byKey)))
        }
        let keys = Set(flags.map(\.key))
        var external: [ExternalSource] = []
        for source in settings.external {
            for flag in source.flags ?? [] where !keys.contains(flag.key) {
                diagnostics.append(
                    .error(
                        "external.\(source.id) names flag '\(flag.key)', which is not declared", at: flag.location,
                        hint: Suggestion.didYouMean(flag.key, in: flags.map(\.key)) ?? "list keys of declared flags, or write 'flags: all'"))
            }
            external.append(ExternalSource(id: source.id, name: source.name, flags: source.flags.map { Set($0.map(\.key)) }))
        }
        return LayerSources(values: values, external: external, order: settings.chain?.map(\.id))
    }
}
