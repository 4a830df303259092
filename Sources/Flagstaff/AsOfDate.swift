import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Decides the day lifecycle statuses are computed for. This is the only place
/// that reads the clock.
public enum AsOfDate {
    /// The `--as-of` option's day, checked before any file is read.
    public static func parse(option: String?) throws(FlagstaffError) -> CalendarDate? {
        guard let option else { return nil }
        guard let date = CalendarDate(parsing: option) else {
            throw .usage("--as-of '\(option)' is not a date: \(CalendarDate.problem(parsing: option) ?? "")")
        }
        return date
    }

    /// `--as-of`, else the configuration's `lifecycle.as_of`, else
    /// `SOURCE_DATE_EPOCH`, else today in the local time zone.
    public static func resolve(
        option: CalendarDate?, configuration: Configuration,
        environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()
    ) throws(FlagstaffError) -> CalendarDate {
        if let option { return option }
        if let pinned = configuration.asOf { return pinned }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int(epoch), let date = CalendarDate(unixTime: seconds) else {
                throw .usage("SOURCE_DATE_EPOCH must be a Unix time in whole seconds within the years 1 to 9999, not '\(epoch)'")
            }
            return date
        }
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: now)
        if let year = parts.year, let month = parts.month, let day = parts.day,
            let today = CalendarDate(year: year, month: month, day: day)
        {
            return today
        }
        guard let today = Int(exactly: now.timeIntervalSince1970.rounded(.down)).flatMap(CalendarDate.init(unixTime:)) else {
            throw .usage("the clock reads a day outside the years 1 to 9999; pass --as-of YYYY-MM-DD")
        }
        return today
    }
}
