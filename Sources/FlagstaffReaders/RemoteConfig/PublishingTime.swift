import Foundation

/// A template version's publishing time, an RFC 3339 time in UTC as Firebase
/// writes it, shown in the time zone the workspace names (`time_zone`), so that a
/// team reads it in its own terms: `2026-09-14T08:02:11.913Z` in `Europe/Paris`
/// is `2026-09-14 at 10:02 (Europe/Paris)`. The zone's rules come from the
/// system's time zone database, through Foundation.
public enum PublishingTime {
    /// The time in the zone; `nil` when the text is not such a time or the zone is unknown.
    public static func shown(_ time: String, in zone: String) -> String? {
        guard let timeZone = TimeZone(identifier: zone), let date = parsed(time) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour, let minute = parts.minute else { return nil }
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(year)-\(two(month))-\(two(day)) at \(two(hour)):\(two(minute)) (\(zone))"
    }

    /// Whether the system's time zone database knows a zone by this name.
    static func isKnown(_ zone: String) -> Bool { TimeZone(identifier: zone) != nil }

    /// The zones the system knows, for a "did you mean".
    static var knownZones: [String] { TimeZone.knownTimeZoneIdentifiers }

    /// The moment of `2026-09-14T08:02:11Z` or `2026-09-14T08:02:11.913Z`.
    private static func parsed(_ time: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: time) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: time)
    }
}
