import Foundation

final class StayCoordinator {
    let flags: FeatureFlags

    init(flags: FeatureFlags) { self.flags = flags }

    func actions() -> [String] {
        var actions: [String] = []
        if flags.isEnabled(.digitalKey) { actions.append("key") }
        if flags.isEnabled(.lateCheckout) { actions.append("late-checkout") }
        if flags.isEnabled(FeatureFlag.breakfastAddOn) { actions.append("breakfast") }
        if flags.isEnabled(.spaBooking) { actions.append("spa") }
        return actions
    }
}
