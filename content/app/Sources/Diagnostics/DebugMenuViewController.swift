import UIKit

#if DEBUG
/// The hidden test menu (shake the device). Lists every flag the tester may
/// override, with its resolved value and the layer that decided it.
final class DebugMenuViewController: UITableViewController {
    private let flags: FeatureFlagProvider
    private let editable = FeatureFlag.allCases.filter(\.isEditableInDebugMenu)

    init(flags: FeatureFlagProvider = .shared) {
        self.flags = flags
        super.init(style: .insetGrouped)
        title = "Feature flags"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    static func canPresent(flags: FeatureFlagProvider = .shared) -> Bool {
        flags.isEnabled(.debugMenu)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Reset", primaryAction: UIAction { [weak self] _ in
            self?.flags.debugOverrides?.removeAll()
            self?.tableView.reloadData()
        })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        editable.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let flag = editable[indexPath.row]
        let resolved = flags.resolve(flag)
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = flag.title
        content.secondaryText = "\(flag.rawValue) · \(resolved.value) · \(resolved.source)"
        cell.contentConfiguration = content
        if flag.valueKind == .bool {
            let toggle = UISwitch()
            toggle.isOn = resolved.value.boolValue
            toggle.addAction(UIAction { [weak self] _ in
                self?.flags.debugOverrides?.set(.bool(toggle.isOn), for: flag)
                self?.tableView.reloadRows(at: [indexPath], with: .none)
            }, for: .valueChanged)
            cell.accessoryView = toggle
        }
        return cell
    }
}
#endif

/// The overlay testers see in sit and uat: maison, environment and build.
final class DebugOverlayWindow: UIWindow {
    static func installIfNeeded(in scene: UIWindowScene, flags: FeatureFlagProvider = .shared) -> DebugOverlayWindow? {
        guard flags.isEnabled(.debugView) else { return nil }
        let window = DebugOverlayWindow(windowScene: scene)
        window.windowLevel = .statusBar + 1
        window.isUserInteractionEnabled = false
        window.rootViewController = DebugOverlayViewController(
            text: "\(Tenant.current.id) · \(AppEnvironment.current.rawValue) · \(AppVersion.current)")
        window.isHidden = false
        return window
    }
}
