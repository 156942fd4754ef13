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
        cartViewController.onCheckout = { [weak self] in
            self?.showPayment()
        }
        cartViewController.onClose = { [weak self] in
            self?.navigationController.popViewController(animated: true)
        }
        navigationController.pushViewController(cartViewController, animated: true)
    }

    private func showPayment() {
        let payment = PaymentViewController()
        payment.onPaid = { [weak self] receipt in
            guard let self else { return }
            self.showReceipt(receipt)
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
