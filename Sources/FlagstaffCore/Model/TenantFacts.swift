/// What the configuration says about one tenant for the people who read the
/// site (`tenant_facts`): its country, its currency, its store, each a name
/// and a text, in the order written.
public struct TenantFacts: Hashable, Sendable {
    /// One fact: "Currency" and "CLP".
    public struct Fact: Hashable, Sendable {
        /// The fact's name, as the configuration writes it.
        public var name: String
        /// Its text.
        public var value: String

        /// Creates a fact.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The tenant id the facts are about.
    public var tenant: String
    /// The facts, in the order written.
    public var facts: [Fact]
    /// Where the tenant id is written in the configuration.
    public var location: SourceLocation

    /// Creates a tenant's facts.
    public init(tenant: String, facts: [Fact], location: SourceLocation) {
        self.tenant = tenant
        self.facts = facts
        self.location = location
    }
}
