import UIKit

struct Receipt {}

final class Cart {
    func clear() {}
}

final class CartViewController: UIViewController {
    var onCheckout: (() -> Void)?
    var onClose: (() -> Void)?
    private let cart: Cart

    init(cart: Cart) {
        self.cart = cart
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    @objc func checkoutTapped() { onCheckout?() }
}

final class PaymentViewController: UIViewController {
    var onPaid: ((Receipt) -> Void)?
}

final class ReceiptViewController: UIViewController {
    let receipt: Receipt

    init(receipt: Receipt) {
        self.receipt = receipt
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
