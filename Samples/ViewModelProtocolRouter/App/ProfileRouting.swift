protocol ProfileRouting: AnyObject {
    func showSettings()
    func showAvatarPicker()
}
