import UIKit

final class CheckoutCoordinator {
    private let navigationController: UINavigationController
    private let cart: Cart

    init(navigationController: UINavigationController, cart: Cart) {
        self.navigationController = navigationController
        self.cart = cart
    }

    func start() {
        let cartViewController = CartViewController(cart: cart)
        // Leaks: the coordinator owns the screen (navigation stack), the screen keeps this closure.
        cartViewController.onCheckout = {
            self.showPayment()
        }
        cartViewController.onClose = { [weak self] in
            self?.navigationController.popViewController(animated: true)
        }
        navigationController.pushViewController(cartViewController, animated: true)
    }

    private func showPayment() {
        let payment = PaymentViewController()
        // Leaks: implicit self is a strong capture too.
        payment.onPaid = { receipt in
            showReceipt(receipt)
        }
        navigationController.pushViewController(payment, animated: true)
    }

    private func showReceipt(_ receipt: Receipt) {
        let receiptViewController = ReceiptViewController(receipt: receipt)
        navigationController.present(receiptViewController, animated: true) {
            self.cart.clear()
        }
    }
}
