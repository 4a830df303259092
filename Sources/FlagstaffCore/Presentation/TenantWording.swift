/// How views speak of the tenants: "3 tenants", "all 3 tenants", or, in a
/// workspace that is a single app without tenant files, "the app". Views ask
/// here rather than spelling "tenant" themselves.
public struct TenantWording: Hashable, Sendable {
    /// Whether the workspace is a single app.
    public let isSingleApp: Bool

    /// The wording of a model.
    public init(_ model: FlagModel) { isSingleApp = model.isSingleApp }

    /// The wording of a workspace that is, or is not, a single app.
    public init(isSingleApp: Bool) { self.isSingleApp = isSingleApp }

    /// "3 tenants", or "the app".
    public func count(_ tenants: Int) -> String { isSingleApp ? "the app" : tenants.counted("tenant") }

    /// "all 3 tenants" ("both tenants", "the only tenant"), or "the app".
    public func all(_ tenants: Int) -> String { isSingleApp ? "the app" : tenants.everyOne("tenant") }
}
