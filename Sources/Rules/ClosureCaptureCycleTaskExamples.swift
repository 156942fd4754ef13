import CoordLintCore

/// `closure_capture_cycle`'s examples with Swift concurrency: a task nothing keeps, awaiting a method
/// that loops over a stream the object keeps and never finishes; a kept task that unwraps a weak `self`
/// before its loop.
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

    /// AlphaWallet's contract detector: a provider typed by a protocol whose one implementation wraps an async
    /// call in a project `Future` helper; `balance` is that implementation's body.
    private static func contractDetector(_ balance: String) -> String {
        """
        import Combine
        func asFutureThrowable<T>(block: @escaping () async throws -> T) -> Future<T, Error> {
            Future<T, Error> { promise in
                Task {
                    do { promise(.success(try await block())) } catch { promise(.failure(error)) }
                }
            }
        }
        protocol TokenProviderType: AnyObject {
            func getBalance(for address: String) -> AnyPublisher<Int, Error>
        }
        final class TokenProvider: TokenProviderType {
            let updates = PassthroughSubject<Int, Error>()
            func getBalance(for address: String) -> AnyPublisher<Int, Error> {
                \(balance)
            }
            func fetch(_ address: String) async throws -> Int { 0 }
        }
        final class ContractDataDetector {
            private let provider: TokenProviderType
            private var balanceCancellable: AnyCancellable?
            var balance = 0
            init(provider: TokenProviderType) { self.provider = provider }
            func detect(_ address: String) {
                balanceCancellable = provider.getBalance(for: address)
                    .sink(receiveCompletion: { _ in }, receiveValue: { balance in self.balance = balance })
            }
        }
        """
    }

    /// element-x's room screen: a task kept in the bag (through a project `Task.store(in:)`) looping over
    /// room updates; `body` is the task's closure.
    private static func pinnedEvents(_ body: String) -> String {
        """
        import Combine
        extension Task {
            func store(in cancellables: inout Set<AnyCancellable>) { AnyCancellable(cancel).store(in: &cancellables) }
        }
        final class RoomScreenViewModel {
            private var cancellables = Set<AnyCancellable>()
            let roomInfo = PassthroughSubject<Int, Never>()
            func start() {
                Task \(body)
                .store(in: &cancellables)
            }
            func updatePinned() async {}
        }
        """
    }

    /// home-assistant barcode scanner model (fixed by keeping the task and cancelling it in `stop()`).
    static let triggering: [Example] = [
        // The implementation hands out a subject that never completes: the sink keeps the detector.
        Example(contractDetector("updates.eraseToAnyPublisher()").replacingOccurrences(
            of: "receiveValue: { balance in", with: "receiveValue: ↓⟦error: closure stored in 'ContractDataDetector.balanceCancellable' captures 'self'⟧{ balance in")),
        // '[weak self]', but 'guard let self' before the loop: the kept task holds self while it loops
        // (element-x room screen, fixed by unwrapping inside the loop).
        Example(pinnedEvents("""
            ↓⟦error: closure stored in 'RoomScreenViewModel.cancellables' re-binds 'self' (RoomScreenViewModel) strongly with 'guard let self' before its 'for await' loop⟧{ [weak self] in
                    guard let self else { return }
                    for await _ in roomInfo.values { await self.updatePinned() }
                }
            """)),
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
        // Every implementation of the protocol's method returns a project function's `Future`: the request
        // completes and the sink lets its closures go (AlphaWallet `ContractDataDetector.swift:106`, ten
        // findings read FALSE).
        Example(contractDetector("asFutureThrowable { try await self.fetch(address) }.eraseToAnyPublisher()")),
        Example(pinnedEvents("""
            { [weak self] in
                    for await _ in roomInfo.values {
                        guard let self else { return }
                        await self.updatePinned()
                    }
                }
            """)),
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
