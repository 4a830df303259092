struct FlagOverrides {
    func value(for flag: FeatureFlag) -> Bool? { nil }
}

extension String {
    func lowerSnakeCased() -> String { self }
}
