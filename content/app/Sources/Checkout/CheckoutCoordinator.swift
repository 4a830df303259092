import PassKit
import UIKit

@MainActor
final class CheckoutCoordinator {
    private let navigationController: UINavigationController
    private let flags: FeatureFlagProvider
    private let basket: Basket

    init(navigationController: UINavigationController, basket: Basket, flags: FeatureFlagProvider = .shared) {
        self.navigationController = navigationController
        self.basket = basket
        self.flags = flags
    }

    /// Whether any "Buy" button should be shown. The checkout kill switch wins
    /// over everything else.
    static func isCheckoutAvailable(flags: FeatureFlagProvider = .shared) -> Bool {
        flags.isEnabled(.checkout)
    }

    func start() {
        guard Self.isCheckoutAvailable(flags: flags) else {
            navigationController.present(UIAlertController.checkoutPaused(), animated: true)
            return
        }
        let summary = CheckoutSummaryViewController(basket: basket, paymentMethods: availablePaymentMethods())
        summary.onConfirm = { [weak self] method in self?.pay(with: method) }
        navigationController.pushViewController(summary, animated: true)
    }

    private func availablePaymentMethods() -> [PaymentMethod] {
        var methods: [PaymentMethod] = [.terminal]
        if flags.isEnabled(.applePay), PKPaymentAuthorizationController.canMakePayments() {
            methods.insert(.applePay, at: 0)
        }
        return methods
    }

    private func pay(with method: PaymentMethod) {
        Task {
            let receipt = try await PaymentService.shared.pay(basket, with: method)
            if flags.isEnabled(.emailReceipts), let email = basket.client?.email {
                try await ReceiptService.shared.email(receipt, to: email)
            } else {
                ReceiptPrinter.shared.print(receipt)
            }
            navigationController.pushViewController(CheckoutConfirmationViewController(receipt: receipt), animated: true)
        }
    }
}
