extension ResolvedMatrix {
    /// Takes a model whose Remote Config differs from this matrix's (other
    /// templates), its flags, tenants and other sources the same, and resolves
    /// again only the cells Remote Config can decide with either: those of the
    /// flags whose parameter a changed template has, before or after, in the
    /// environments whose template changed. Nothing else reads the templates, so
    /// every other cell stays as it is.
    ///
    /// Returns `false`, and leaves the matrix as it was, when the two models'
    /// chains have other layers, so the whole matrix must be resolved again.
    public mutating func replaceRemoteConfig(with new: FlagModel) -> Bool {
        guard let old = model.remoteConfig, let remote = new.remoteConfig, new.flags.count == model.flags.count,
            new.environments == model.environments, new.tenants.count == model.tenants.count
        else { return false }
        let newChain = ResolutionChain.standard(for: new)
        guard newChain.descriptions == layers else { return false }
        let changed = new.environments.map { old.templates[$0] != remote.templates[$0] }
        let flags = new.flags.indices.filter { position in
            let key = new.flags[position].key
            return new.environments.indices.contains { environment in
                guard changed[environment] else { return false }
                let name = new.environments[environment]
                return old.isLinked(key) && old.templates[name]?.parameter(named: old.parameterName(for: key)) != nil
                    || remote.isLinked(key) && remote.templates[name]?.parameter(named: remote.parameterName(for: key)) != nil
            }
        }
        model = new
        chain = newChain
        guard !flags.isEmpty else { return true }
        let (tenants, settings) = (model.tenants, self.settings)
        let (flagTypes, externalPositions) = (self.flagTypes, self.externalPositions)
        let columns = Parallel.map(tenants.count) { tenant in
            Self.resolve(
                tenants[tenant], settings: settings[tenant], only: flags, environments: changed, model: new, chain: newChain,
                layers: newChain.descriptions,
                types: flagTypes, externalPositions: externalPositions)
        }
        for (position, cells) in columns.enumerated() {
            replaceTenant(
                TenantReplacement.Column(position: position, tenant: tenants[position], settings: settings[position], flags: flags, moves: [], cells: cells))
        }
        return true
    }
}
