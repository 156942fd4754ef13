import CoordLintCore

/// More of `reference_cycle`'s examples (the rule's file keeps its first ones).
enum ReferenceCycleExamples {
    static let clean: [Example] = [
        // The observer goes into a record's weak field: the collection keeps the record, not the
        // observer (owncloud progress summarizer).
        Example("""
            import UIKit
            private struct ObserverRecord {
                weak var observer: AnyObject?
                var block: (Int) -> Void
            }
            final class ProgressSummarizer {
                private var observers: [ObserverRecord] = []
                func addObserver(_ observer: AnyObject, block: @escaping (Int) -> Void) {
                    observers.append(ObserverRecord(observer: observer, block: block))
                }
            }
            final class DownloadHUDViewController: UIViewController {
                let progressSummarizer = ProgressSummarizer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    progressSummarizer.addObserver(self, block: { [weak self] _ in self?.view.setNeedsLayout() })
                }
            }
            """),
    ]
}
