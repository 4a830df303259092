/// A bundled file of values the app asks as a layer of its own (`values` in
/// `flagstaff.yml`): a JustTweak LocalConfiguration, a Remote Config defaults
/// plist. In the environments it is limited to, or in all; the same for every tenant.
public struct ValueFileLayer: ResolutionLayer {
    /// The kind: each file `values` declares, in the order listed.
    public static let kind = LayerKind(id: "values", place: .configured) { model in
        model.layerSources.values.enumerated().map { ValueFileLayer($1, number: $0 + 1, environments: model.environments) }
    }
    /// The file and its values.
    public let source: ValueSource
    public let layer: LayerDescription

    /// Creates the layer of a value file; `environments` are the workspace's, in
    /// order, to name those a limited file applies in; `number` (from 1) picks the
    /// file's one-letter code (`v`, `w`, `l`…), so that exports tell the files apart.
    public init(_ source: ValueSource, number: Int, environments: [String]) {
        self.source = source
        let limited = source.environments.map { only in environments.filter { only.contains($0) } }
        let scope = limited.map { " (\($0.isEmpty ? "no environment" : $0.joined(separator: ", ")) only)" } ?? ""
        layer = LayerDescription(id: source.id, mark: Self.mark(number), code: Self.code(number), legend: "the value in \(source.file)\(scope)")
    }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        guard let setting = source.setting(for: flag.key, in: environment) else { return nil }
        return Opinion(value: setting.value, location: setting.location)
    }

    /// The letters of value files' codes, in order; a file past them shares the last.
    static let codes = Array("vwlmpqstu")

    static func code(_ number: Int) -> String { String(codes[min(max(number, 1), codes.count) - 1]) }

    /// The marks after a value a file decides, in the files' order: shapes the
    /// system fonts of phones and laptops all draw, none another layer uses; a
    /// file past them shares the last.
    static let marks = ["▲", "■", "▼", "◇", "△", "□", "▽", "◈", "▣"]

    /// The mark after a value the file at `number` (from 1) decides, so that each
    /// file's values read apart from the others' and from the tenant's own.
    static func mark(_ number: Int) -> String { marks[min(max(number, 1), marks.count) - 1] }
}
