/// The enum's flags by key, with the environments: what a tenant's settings are
/// indexed against. It depends only on the enum and the configuration, so a
/// loader can index each tenant file as soon as it is read, before the whole
/// model exists.
public struct FlagKeys: Hashable, Sendable {
    /// The environments in display order.
    public let environments: [String]
    /// The positions of flags whose key an earlier flag already has, each with
    /// that earlier flag's position.
    public let repeatedFlags: [Int: Int]
    private let positions: [String: Int]

    /// The keys of `flags`, in order, and the environments.
    public init(flags: [Flag], environments: [String]) {
        self.environments = environments
        let positions = Dictionary(flags.enumerated().map { ($1.key, $0) }) { first, _ in first }
        var repeatedFlags: [Int: Int] = [:]
        for (position, flag) in flags.enumerated() where positions[flag.key] != position {
            repeatedFlags[position] = positions[flag.key]
        }
        self.positions = positions
        self.repeatedFlags = repeatedFlags
    }

    /// How many distinct keys there are.
    public var count: Int { positions.count }

    /// The position of the first flag with a key, if the enum declares one.
    public func position(of key: String) -> Int? { positions[key] }
}
