import FlagstaffCore
import FlagstaffReaders

/// The sizes `InputLimits` allows a workspace.
extension SourceLoader {
    /// An error when the workspace has more flags, tenants, environments or matrix
    /// cells than `InputLimits` allows; checked before anything is resolved.
    func sizeProblem(flags: [Flag], tenants: Int) -> Diagnostic? {
        let environments = configuration.environments.count
        if flags.count > InputLimits.flags {
            return .error(
                "the enum has \(flags.count) flags, more than the \(InputLimits.flags) Flagstaff reads", at: flags[InputLimits.flags].location,
                hint: "see Limits in the README")
        }
        if tenants > InputLimits.tenants {
            return .error(
                "there are \(tenants) tenants, more than the \(InputLimits.tenants) Flagstaff reads", at: configuration.locations[.tenants],
                hint: "see Limits in the README")
        }
        if environments > InputLimits.environments {
            return .error(
                "there are \(environments) environments, more than the \(InputLimits.environments) Flagstaff reads",
                at: configuration.locations[.environments], hint: "see Limits in the README")
        }
        if flags.count * tenants * environments > InputLimits.cells {
            return .error(
                "\(flags.count) flags × \(tenants) tenants × \(environments) environments make \(flags.count * tenants * environments) cells, "
                    + "more than the \(InputLimits.cells) Flagstaff resolves",
                at: configuration.locations[.tenants], hint: "see Limits in the README")
        }
        return nil
    }
}
