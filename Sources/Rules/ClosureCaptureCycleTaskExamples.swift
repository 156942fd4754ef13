import CoordLintCore

/// `closure_capture_cycle`'s examples with Swift concurrency: a task nothing keeps, awaiting a method
/// that loops over a stream the object keeps and never finishes.
enum ClosureCaptureCycleTaskExamples {
    /// A camera whose preview stream nothing finishes; its continuation lives in a closure it keeps.
    private static let scannerCamera = """
            import SwiftUI
            import CoreImage
            final class ScannerCamera {
                private var addToPreviewStream: ((CIImage) -> Void)?
                lazy var previewStream: AsyncStream<CIImage> = AsyncStream { continuation in
                    addToPreviewStream = { image in continuation.yield(image) }
                }
                func capture(_ image: CIImage) { addToPreviewStream?(image) }
            }

            """

    /// home-assistant barcode scanner model (fixed by keeping the task and cancelling it in `stop()`).
    static let triggering: [Example] = [
        Example(scannerCamera + """
            final class ScannerModel: ObservableObject {
                let camera = ScannerCamera()
                @Published var preview: CIImage?
                init() {
                    Task ↓⟦error: closure of a task waiting on 'ScannerCamera.previewStream' captures 'self' (ScannerModel) strongly; 'ScannerModel' owns 'ScannerCamera' through 'camera' (assigned at Example.swift:11); the task runs until 'ScannerCamera.previewStream' finishes⟧{
                        await handleCameraPreviews()
                    }
                }
                func handleCameraPreviews() async {
                    let images = camera.previewStream.map({ $0 })
                    for await image in images {
                        preview = image
                    }
                }
            }
            """),
    ]

    /// The fixed model (the task kept, and cancelled), a stream its holder finishes, and a loop over a
    /// local camera that shadows the property (the model's own camera is not the one awaited).
    static let clean: [Example] = [
        Example(scannerCamera + """
            final class PreviewModel {
                let camera = ScannerCamera()
                init() { Task { await preview() } }
                func preview() async {
                    let camera = ScannerCamera()
                    for await _ in camera.previewStream {}
                }
            }
            """),
        Example(scannerCamera + """
            final class KeptScannerModel: ObservableObject {
                let camera = ScannerCamera()
                @Published var preview: CIImage?
                private var task: Task<Void, Never>?
                init() {
                    task = Task {
                        await handleCameraPreviews()
                    }
                }
                func stop() { task?.cancel() }
                func handleCameraPreviews() async {
                    for await image in camera.previewStream {
                        preview = image
                    }
                }
            }
            final class FinishingCamera {
                private var continuation: AsyncStream<CIImage>.Continuation?
                lazy var previewStream: AsyncStream<CIImage> = AsyncStream { self.continuation = $0 }
                func stop() { continuation?.finish() }
            }
            final class FinishingModel {
                let camera = FinishingCamera()
                init() { Task { await self.run() } }
                func run() async { for await _ in camera.previewStream {} }
            }
            """),
    ]
}
