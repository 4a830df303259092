import Foundation
import Observation

@MainActor
@Observable
final class WishlistViewModel {
    private(set) var items: [WishlistItem] = []
    private(set) var errorMessage: String?

    private let client: Client
    private let store: WishlistStore
    private let flags: FeatureFlagProvider

    init(client: Client, store: WishlistStore = .shared, flags: FeatureFlagProvider = .shared) {
        self.client = client
        self.store = store
        self.flags = flags
    }

    var isAvailable: Bool { flags.isEnabled(.wishlist) }
    var canShare: Bool { flags.isEnabled(.wishlistSharing) }
    var showsAdviserNotes: Bool { flags.isEnabled(.wishlistNotes) }

    /// The tenant's limit; `MAX_WISHLIST_ITEMS` is an integer flag.
    var capacity: Int {
        let limit = flags.int(.maxWishlistItems)
        return limit > 0 ? limit : 50
    }

    func load() async {
        items = await store.items(for: client.id)
        if flags.isEnabled(.wishlistSync) {
            await syncWithWebsite()
        }
    }

    func add(_ product: Product) async {
        guard items.count < capacity else {
            errorMessage = String(localized: "This wishlist is full (\(capacity) items).")
            return
        }
        items = await store.add(product, to: client.id)
    }

    private func syncWithWebsite() async {
        do {
            items = try await store.sync(clientID: client.id)
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
