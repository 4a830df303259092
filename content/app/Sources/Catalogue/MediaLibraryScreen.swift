import AVKit
import UIKit

final class MediaLibraryScreen: UIViewController {
    private let flags: FeatureFlagProvider
    private let repository: MediaRepository
    private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: MediaGridLayout.make())

    init(flags: FeatureFlagProvider = .shared, repository: MediaRepository = .shared) {
        self.flags = flags
        self.repository = repository
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Media library")
        view.addSubview(collectionView)
        collectionView.pinToEdges(of: view)
        Task { await reload() }
    }

    private func reload() async {
        let quality: ImageQuality = flags.isEnabled(.highResImagery) && UIDevice.current.supportsHighResImagery ? .full : .standard
        let items = await repository.items(quality: quality)
        apply(items.filter { item in
            item.kind != .video || flags.isEnabled(.productVideos)
        })
    }

    private func apply(_ items: [MediaItem]) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, MediaItem>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        dataSource.apply(snapshot)
    }

    private lazy var dataSource = MediaDataSource(collectionView: collectionView)
}

/// Adds the media library entry to the catalogue tab when the tenant has it.
enum CatalogueMenu {
    static func entries(flags: FeatureFlagProvider = .shared) -> [CatalogueMenuEntry] {
        var entries: [CatalogueMenuEntry] = [.collections, .search]
        if flags.isEnabled(.mediaLibrary) {
            entries.append(.mediaLibrary)
        }
        if flags.isEnabled(.catalogueOfflineSync) {
            entries.append(.downloads)
        }
        return entries
    }
}

/// Formats a product price for the product sheet.
struct PriceFormatter {
    let flags: FeatureFlagProvider
    let locale: Locale

    func string(for price: Price) -> String {
        let gross = price.gross.formatted(.currency(code: price.currency).locale(locale))
        guard flags.isEnabled(.netGrossPrices) else { return gross }
        let net = price.net.formatted(.currency(code: price.currency).locale(locale))
        return "\(net) net | \(gross) gross"
    }
}
