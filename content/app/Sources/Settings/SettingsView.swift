import SwiftUI
import UserNotifications

struct SettingsView: View {
    @Environment(\.featureFlags) private var flags
    @AppStorage("settings.appearance") private var appearance = Appearance.system
    @AppStorage("settings.notifications") private var notificationsOn = true

    var body: some View {
        Form {
            if flags.isEnabled(.darkMode) {
                Section("Appearance") {
                    Picker("Appearance", selection: $appearance) {
                        ForEach(Appearance.allCases) { Text($0.title).tag($0) }
                    }
                }
            }
            if flags.isEnabled(.pushNotifications) {
                Section("Notifications") {
                    Toggle("Tasks, appointments and campaigns", isOn: $notificationsOn)
                        .onChange(of: notificationsOn) { _, isOn in
                            if isOn { Task { await PushRegistration.shared.requestAuthorization() } }
                        }
                }
            }
            Section("Privacy") {
                NavigationLink("Privacy policy", destination: PrivacyPolicyView())
                // Legal never approved the export; the flag is off for every maison.
                if flags.isEnabled(.clientDataExport) {
                    NavigationLink("Export client data", destination: ClientDataExportView())
                }
            }
            Section {
                LabeledContent("Maison", value: Tenant.current.id)
                LabeledContent("Version", value: AppVersion.current.description)
            }
        }
        .navigationTitle("Settings")
        .preferredColorScheme(flags.isEnabled(.darkMode) ? appearance.colorScheme : .light)
    }
}

enum Appearance: String, CaseIterable, Identifiable {
    case system, light, dark

    var id: Self { self }
    var title: LocalizedStringKey { LocalizedStringKey(rawValue.capitalized) }

    var colorScheme: ColorScheme? {
        switch self {
        case .system: nil
        case .light: .light
        case .dark: .dark
        }
    }
}
