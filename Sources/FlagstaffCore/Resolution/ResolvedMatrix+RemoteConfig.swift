extension ResolvedMatrix {
    /// Takes a model whose Remote Config differs from this matrix's (other
    /// templates), its flags, tenants and other sources the same, and resolves
    /// again only the cells Remote Config can decide with either: those of the
    /// flags whose parameter a changed template has, before or after. Nothing else
    /// reads the templates, so every other cell stays as it is.
    ///
    /// Returns `false`, and leaves the matrix as it was, when the two models'
    /// chains have other layers, so the whole matrix must be resolved again.
    public mutating func replaceRemoteConfig(with new: FlagModel) -> Bool {
        guard let old = model.remoteConfig, let remote = new.remoteConfig, new.flags.count == model.flags.count,
            new.environments == model.environments, new.tenants.count == model.tenants.count
        else { return false }
        let newChain = ResolutionChain.standard(for: new)
        guard newChain.descriptions == layers else { return false }
        let flags = new.flags.indices.filter { position in
            let key = new.flags[position].key
            return new.environments.contains { environment in
                let (before, after) = (old.templates[environment], remote.templates[environment])
                guard before != after else { return false }
                return old.isLinked(key) && before?.parameter(named: old.parameterName(for: key)) != nil
                    || remote.isLinked(key) && after?.parameter(named: remote.parameterName(for: key)) != nil
            }
        }
        model = new
        chain = newChain
        guard !flags.isEmpty else { return true }
        let (tenants, settings) = (model.tenants, self.settings)
        let (flagTypes, externalPositions) = (self.flagTypes, self.externalPositions)
        let columns = Parallel.map(tenants.count) { tenant in
            Self.resolve(
                tenants[tenant], settings: settings[tenant], only: flags, model: new, chain: newChain, layers: newChain.descriptions,
                types: flagTypes, externalPositions: externalPositions)
        }
        for (position, cells) in columns.enumerated() {
            replaceTenant(
                TenantReplacement.Column(position: position, tenant: tenants[position], settings: settings[position], flags: flags, moves: [], cells: cells))
        }
        return true
    }
}
