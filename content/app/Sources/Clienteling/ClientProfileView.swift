import SwiftUI

struct ClientProfileView: View {
    let client: Client
    @Environment(\.featureFlags) private var flags
    @State private var showsConsentSheet = false

    var body: some View {
        Group {
            if flags.isEnabled(.clientProfileV2) {
                redesignedProfile
            } else {
                LegacyClientProfileView(client: client)
            }
        }
        .navigationTitle(client.displayName)
        .toolbar {
            if flags.isEnabled(.outreachTemplates) {
                NavigationLink("Contact", destination: OutreachTemplatePicker(client: client))
            }
        }
        .onAppear {
            if flags.isEnabled(.consentCapture), client.marketingConsent == nil {
                showsConsentSheet = true
            }
        }
        .sheet(isPresented: $showsConsentSheet) {
            ConsentCaptureSheet(client: client)
        }
    }

    private var redesignedProfile: some View {
        List {
            ClientHeaderSection(client: client)
            if flags.isEnabled(.clientTags) {
                ClientTagsSection(tags: client.tags)
            }
            PreferencesSection(preferences: client.preferences)
            if flags.isEnabled(.purchaseHistory) {
                PurchaseHistorySection(purchases: client.purchases)
            } else {
                PurchaseHistorySection(purchases: client.purchases.filter { $0.boutiqueID == Session.current.boutiqueID })
            }
        }
    }
}

/// The client list's search field. The server-side search experiment is off
/// everywhere; the local search is what ships.
final class ClientSearchController {
    private let flags: FeatureFlagProvider
    private let api: ClientAPI

    init(flags: FeatureFlagProvider = .shared, api: ClientAPI = .init()) {
        self.flags = flags
        self.api = api
    }

    func search(_ query: String, in clients: [Client]) async throws -> [Client] {
        if flags.isEnabled(.clientSearchV2) {
            return try await api.searchClients(matching: query)
        }
        return clients.filter { $0.displayName.localizedCaseInsensitiveContains(query) }
    }
}

private struct FeatureFlagsKey: EnvironmentKey {
    static let defaultValue = FeatureFlagProvider.shared
}

extension EnvironmentValues {
    var featureFlags: FeatureFlagProvider {
        get { self[FeatureFlagsKey.self] }
        set { self[FeatureFlagsKey.self] = newValue }
    }
}
