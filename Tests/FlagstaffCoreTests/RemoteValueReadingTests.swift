import FlagstaffCore
import Testing

/// Remote Config texts read as the Firebase iOS SDK reads them. `boolValue` is
/// `NSString.boolValue` (Apple: true on "Y", "y", "T", "t" or a digit 1 to 9 after
/// leading spaces, an optional sign and zeros, whatever follows; false otherwise);
/// `numberValue` is `NSString.doubleValue` (the number the text starts with, or 0).
/// The expected values below are those rules applied by hand.
@Suite("Remote Config value readings")
struct RemoteValueReadingTests {
    @Test(arguments: [
        ("true", true), ("TRUE", true), ("True", true), ("t", true), ("yes", true), ("Y", true), ("1", true), ("9", true),
        ("10", true), ("  true", true), ("\ttrue", true), ("+1", true), ("-1", true), ("007", true), ("0t", true),
        ("false", false), ("False", false), ("FALSE", false), ("no", false), ("0", false), ("000", false), ("", false),
        ("on", false), ("enabled", false), ("\ntrue", false), ("+-1", false), ("-", false),
    ])
    func boolsAreReadAsBoolValueReadsThem(_ text: String, _ value: Bool) {
        #expect(FlagValue(remote: text, as: .bool) == .bool(value))
    }

    @Test(arguments: [
        ("12", FlagValue.integer(12)), (".5", .decimal("0.5")), ("-3", .integer(-3)), ("+2", .integer(2)), ("1e5", .decimal("1e5")),
        ("12abc", .integer(12)), ("abc", .integer(0)), ("", .integer(0)), (" 7", .integer(7)), ("5.", .decimal("5.0")),
        ("-0", .integer(0)), ("-.25", .decimal("-0.25")), ("1.5e", .decimal("1.5")), ("007", .integer(7)), ("1.50", .decimal("1.50")),
        ("2E-3", .decimal("2e-3")), (".", .integer(0)), ("-", .integer(0)), ("99999999999999999999", .decimal("99999999999999999999")),
    ])
    func numbersAreReadAsDoubleValueReadsThem(_ text: String, _ value: FlagValue) {
        #expect(FlagValue(remote: text, as: .number) == value)
    }

    @Test func textIsText() {
        #expect(FlagValue(remote: " TRUE ", as: .string) == .string(" TRUE "))
    }

    /// A declared BOOLEAN takes true or false in any case, NUMBER a plain decimal
    /// number; without one (or with STRING) any text is read, and a text not
    /// written as the flag's type is worth a warning.
    @Test(arguments: [
        ("TRUE", FlagType.bool, RemoteValueType.boolean, RemoteValueReading.Problem?.none),
        ("False", .bool, .boolean, nil), ("true", .bool, .string, nil), ("FALSE", .bool, .string, nil),
        ("yes", .bool, .boolean, .refusedForValueType(.boolean)), ("1", .bool, .boolean, .refusedForValueType(.boolean)),
        ("yes", .bool, .string, .readLoosely), ("on", .bool, .string, .readLoosely),
        (".5", .number, .number, nil), ("-3", .number, .number, nil), ("12", .number, .string, nil), ("0.25", .number, .string, nil),
        ("1e5", .number, .number, .refusedForValueType(.number)), ("+2", .number, .number, .refusedForValueType(.number)),
        ("5.", .number, .number, .refusedForValueType(.number)), ("1.2.3", .number, .number, .refusedForValueType(.number)),
        ("1e5", .number, .string, .readLoosely), ("", .number, .string, .readLoosely), ("-", .number, .string, .readLoosely),
        ("anything", .string, .string, nil), ("{\"a\": 1}", .string, .json, nil),
    ])
    func spellingsTheServerOrTheAppWouldNotTakeAsWritten(
        _ text: String, _ type: FlagType, _ declared: RemoteValueType, _ problem: RemoteValueReading.Problem?
    ) {
        #expect(RemoteValueReading(text, as: type, declared: declared).problem == problem)
    }
}
