import FlagstaffCore
import FlagstaffReaders

extension Workspace {
    /// Refuses a change to a flag that would have to edit files whose format
    /// Flagstaff does not write (JustTweak files, Remote Config defaults), naming
    /// them: the declarations and tenant files `new` and `remove` edit, and for
    /// `remove` the value files that give the flag a value. `new` writes enum cases
    /// only, so it refuses a type that declares its flags as members, at the first.
    func refuseUneditableSources(for key: String, command: String, model: FlagModel) throws(FlagstaffError) {
        if command == "new", let position = model.flags.firstIndex(where: { $0.form != .enumCase }) {
            let member = model.flags[position]
            var location = member.location
            location.file = displayPrefix + location.file
            let kind = member.form == .instanceValue ? "instance properties" : "static members"
            throw .rejected([
                .error(
                    "new cannot add a flag to \(model.flagEnum(declaringFlagAt: position).name), which declares its flags as \(kind), not enum cases",
                    at: location, hint: "declare the new flag by hand, as '\(member.caseName)' is; nothing was changed")
            ])
        }
        let formats = self.formats
        var files: [String] = []
        if !formats.declarations.isEditable { files += configuration.enumFiles }
        if !model.isSingleApp, !formats.values.isEditable { files += model.tenants.map(\.file) }
        if command == "remove" { files += model.layerSources.values.filter { $0.settings[key] != nil }.map(\.file) }
        guard !files.isEmpty else { return }
        var seen = Set<String>()
        let named = files.filter { seen.insert($0).inserted }
        throw .usage(
            "\(command) cannot change '\(key)' here: Flagstaff does not edit \(named.joined(separator: ", ")); change "
                + (named.count == 1 ? "it" : "them") + " by hand" + (command == "remove" && formats.declarations.isEditable ? ", then run remove again" : ""))
    }
}
