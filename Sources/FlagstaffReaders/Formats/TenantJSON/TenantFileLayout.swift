import FlagstaffCore

/// Where the objects and members of a tenant file are, in its bytes: what the
/// editor splices next to. Worked out from the text when a command edits the
/// file, so the model keeps no byte ranges of JSON. Of two members with one key,
/// or two objects for one environment, the first counts, as for the reader.
struct TenantFileLayout {
    /// One member of an object: its key, the key's bytes (quotes included) and its value's bytes.
    struct Member {
        var key: String
        var keyRange: ByteRange
        var valueRange: ByteRange
    }

    /// The top-level object, braces included.
    var root: ByteRange
    /// The top-level members other than `overrides`, in file order.
    var base: [Member] = []
    /// The `overrides` member, when the file has one.
    var overrides: Member?
    /// Each environment's member inside `overrides`, in file order.
    var environments: [Member] = []
    /// The members of each environment's object, by environment.
    var overrideMembers: [String: [Member]] = [:]

    /// The layout of a tenant file's text; `nil` when it is not a JSON object.
    init?(_ text: String) {
        guard let document = try? PositionedJSONParser.parse(text, file: ""), case .object(let members) = document.kind else { return nil }
        root = document.range
        for member in members {
            let entry = Member(key: member.key, keyRange: member.keyRange, valueRange: member.value.range)
            guard member.key == TenantDefaultsReader.overridesKey else {
                base.append(entry)
                continue
            }
            guard overrides == nil else { continue }
            overrides = entry
            guard case .object(let environments) = member.value.kind else { continue }
            for environment in environments where overrideMembers[environment.key] == nil {
                self.environments.append(Member(key: environment.key, keyRange: environment.keyRange, valueRange: environment.value.range))
                guard case .object(let values) = environment.value.kind else {
                    overrideMembers[environment.key] = []
                    continue
                }
                overrideMembers[environment.key] = values.map { Member(key: $0.key, keyRange: $0.keyRange, valueRange: $0.value.range) }
            }
        }
    }

    /// The first top-level member with a key.
    func baseMember(_ key: String) -> Member? { base.first { $0.key == key } }

    /// The object of an environment's overrides, braces included.
    func environment(_ name: String) -> ByteRange? { environments.first { $0.key == name }?.valueRange }
}
