import Foundation

// 🚩 Feature flags for the app — emoji in comments must not confuse the reader.
public struct AppConfiguration {
  @objc
  public enum Unrelated: Int {
    case one
  }

  /// The flags, nested inside another type on purpose.
  @objc
  public enum FeatureFlag: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible, Identifiable {
    // MARK: - Media 📸

    /// Shared media library.
    /// Second line of the doc.
    case mediaLibrary = "ENABLE_MEDIA_LIBRARY"

    // A plain comment breaks the doc association.
    case campaigns = "ENABLE_CAMPAIGNS"

    /// Several per line.
    case wishlistSharing = "ENABLE_WISHLIST_SHARING", wishlistNotes = "ENABLE_WISHLIST_NOTES", darkMode

    // MARK: - Platform

    @available(*, deprecated, message: "Use ENABLE_NEW_CHECKOUT")
    case legacyCheckout = "ENABLE_LEGACY_CHECKOUT"

    @available(iOS, deprecated: 17.0, renamed: "newThing")
    case oldThing

    #if DEBUG
    /// Only in debug builds.
    case debugMenu = "ENABLE_DEBUG_MENU"
    #elseif STAGING
    case stagingBanner = "ENABLE_STAGING_BANNER"
    #else
    case releaseOnly = "ENABLE_RELEASE_ONLY"
    #endif

    /** A block doc comment. */
    case null
    private static let unused = 1

    public var id: String { rawValue }

    public var description: String {
      switch self {
      case .mediaLibrary: return "Media"
      default: return rawValue
      }
    }
  }
}
