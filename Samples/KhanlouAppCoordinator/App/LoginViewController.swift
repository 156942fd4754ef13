import UIKit

// Not class-bound, so 'weak var delegate' would not even compile.
protocol LoginViewControllerDelegate {
    func loginButtonPressed(username: String, password: String)
    func signUpButtonPressed()
}

class LoginViewController: UIViewController {
    // Strong, but no leak: the LoginCoordinator presents this screen, and dismissing it lets it go.
    var delegate: LoginViewControllerDelegate?
    @IBOutlet weak var usernameField: UITextField!
    @IBOutlet weak var passwordField: UITextField!

    @IBAction func loginTapped(_ sender: Any) {
        delegate?.loginButtonPressed(username: usernameField.text ?? "", password: passwordField.text ?? "")
    }

    @IBAction func signUpTapped(_ sender: Any) {
        delegate?.signUpButtonPressed()
    }
}
