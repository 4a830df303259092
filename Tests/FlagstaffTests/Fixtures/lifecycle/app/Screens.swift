struct Screens {
    let flags: FlagProvider
    let settings: Settings

    func configure(flag: FeatureFlag) {
        if flags.isOn(.dueToday) { show() }
        if flags.isOn(FeatureFlag.passedYesterday) { show() }
        switch flag {
        case .windowEdge, .beyondWindow: show()
        default: break
        }
        _ = [FeatureFlag.versionEqual, .versionAhead, .versionPast, .rolledOut, .dead, .killSwitch]
        _ = [FeatureFlag.releaseAt40, .releaseAt41, .opsAt7, .opsAt8, .noOwner, .noRemoveBy, .oldCheckout]
        // A comment that says UNUSED or .unused is not a use.
        _ = settings.unused
        _ = "UNUSED "
    }
}
