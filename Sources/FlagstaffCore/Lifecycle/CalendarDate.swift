/// A day of the Gregorian calendar, without a time or a time zone: what the
/// catalog's `Added` and `Remove by` columns hold and what `--as-of` names.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// A date, or `nil` when the day does not exist (such as February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`; `nil` for any other form or a day that does not exist.
    public init?(parsing text: String) {
        guard let (year, month, day) = Self.numbers(in: text) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Why `init(parsing:)` takes no day from `text`, in words that complete
    /// "is not a date: …"; `nil` when it does.
    public static func problem(parsing text: String) -> String? {
        guard let (year, month, day) = numbers(in: text) else { return "write it as YYYY-MM-DD, such as 2026-03-31" }
        guard (1...9999).contains(year) else { return "years run from 0001 to 9999" }
        guard (1...12).contains(month) else { return "there is no month \(month); months run from 01 to 12" }
        let length = length(ofMonth: month, in: year)
        guard (1...length).contains(day) else {
            return day == 0 ? "days start at 01" : "\(monthNames[month - 1]) \(year) has \(length) days"
        }
        return nil
    }

    /// The year, month and day of a text of the form `YYYY-MM-DD`, in ASCII digits.
    /// Read by its UTF-8 bytes: a history reads one per commit.
    private static func numbers(in text: String) -> (Int, Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        /// The number the ASCII digits in `range` write; `nil` when a byte is not one.
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The months' English names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// The date a number of days after 1970-01-01.
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days: eras of 400 years starting on March 1.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The Unix times of the first and last second of the years 1 to 9999.
    static let unixTimes = -62_135_596_800...253_402_300_799

    /// The UTC day of a Unix time in seconds, as `SOURCE_DATE_EPOCH` gives it;
    /// `nil` outside the years 1 to 9999, which no date of Flagstaff's uses.
    public init?(unixTime seconds: Int) {
        guard Self.unixTimes.contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.init(daysSince1970: days)
    }

    /// The number of days since 1970-01-01.
    public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil, the inverse of init(daysSince1970:).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days from this date to `other`: positive when `other` is later.
    public func days(until other: CalendarDate) -> Int {
        other.daysSince1970 - daysSince1970
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A day is stored as `YYYY-MM-DD`, the way people and the catalog write it.
extension CalendarDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a day (YYYY-MM-DD)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
