enum FeatureFlag: String {
    case quote = "\"x"
    case unicode = "\u{41}BC"
    case raw = #"back\slash"#
}
