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

    /// AlphaWallet's RPC session: an extension of a library's class through a type alias, whose publisher is a
    /// local `Deferred` (`publisher` is its binding); the coordinator subscribes through a protocol.
    private static func rpcSession(_ publisher: String) -> String {
        """
        import Combine
        import APIKit
        typealias APIKitSession = APIKit.Session
        extension APIKitSession {
            class func sendPublisher(_ request: Int) -> AnyPublisher<Int, Error> {
                sendImplPublisher(request).retry(2).eraseToAnyPublisher()
            }
            private class func sendImplPublisher(_ request: Int) -> AnyPublisher<Int, Error> {
                var task: SessionTask?
                \(publisher)
                return publisher.eraseToAnyPublisher()
            }
            static let updates = PassthroughSubject<Int, Error>()
        }
        protocol BlockchainProvider { func transactionReceipt(hash: String) -> AnyPublisher<Int, Error> }
        final class RpcBlockchainProvider: BlockchainProvider {
            func transactionReceipt(hash: String) -> AnyPublisher<Int, Error> {
                return APIKitSession.sendPublisher(1)
            }
        }
        final class CheckTransactionStateCoordinator {
            let provider: BlockchainProvider
            var cancellable = Set<AnyCancellable>()
            var status = ""
            init(provider: BlockchainProvider) { self.provider = provider }
            func check() {
                provider.transactionReceipt(hash: "0x1")
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in self.status = "done" })
                    .store(in: &cancellable)
            }
        }
        """
    }

    /// AlphaWallet's custom chain: a pipeline whose head is a static helper returning `.just`/`.fail`, members
    /// a project's `extension Publisher` declares; the project also nests a type named `Publisher` (a gesture
    /// recognizer's). `check` is the helper's last line.
    private static func customChain(_ check: String) -> String {
        """
        import UIKit
        import Combine
        extension Publisher {
            static func just(_ output: Output) -> AnyPublisher<Output, Failure> {
                return Just(output).setFailureType(to: Failure.self).eraseToAnyPublisher()
            }
            static func fail(_ error: Failure) -> AnyPublisher<Output, Failure> {
                return Fail(error: error).eraseToAnyPublisher()
            }
        }
        extension UIGestureRecognizer {
            struct Publisher {}
        }
        enum ChainError: Error { case invalid }
        final class AddCustomChain {
            private var cancelable: AnyCancellable?
            var chainId = 0
            enum functional {}
            static let updates = PassthroughSubject<Int, ChainError>()
            func run() {
                cancelable = functional.checkChainId("0x1")
                    .flatMap { id in self.detect(id) }
                    .sink(receiveCompletion: { _ in }, receiveValue: { id in self.chainId = id })
            }
            func detect(_ id: Int) -> AnyPublisher<Int, ChainError> { .just(id) }
        }
        extension AddCustomChain.functional {
            static func checkChainId(_ text: String) -> AnyPublisher<Int, ChainError> {
                guard let id = Int(text) else { return .fail(ChainError.invalid) }
                \(check)
            }
        }
        """
    }

    /// woocommerce's account store: a remote whose `enqueue(_:mapper:)` returns a publisher (`publisher` is its
    /// body) beside an `async` overload of the same labels.
    private static func accountStore(_ publisher: String) -> String {
        """
        import Combine
        class Remote {
            let updates = PassthroughSubject<Int, Never>()
            func enqueue(_ request: String, mapper: Int) -> AnyPublisher<Int, Never> {
                \(publisher)
            }
            func enqueue(_ request: String, mapper: Int) async throws -> Int { 1 }
        }
        final class AccountRemote: Remote {
            func loadSites() -> AnyPublisher<Int, Never> { return enqueue("me/sites", mapper: 0) }
        }
        final class AccountStore {
            private let remote = AccountRemote()
            private var cancellables = Set<AnyCancellable>()
            var count = 0
            func synchronizeSites() {
                remote.loadSites().sink { sites in self.count = sites }.store(in: &cancellables)
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
        // The same session whose `Deferred` hands out a subject that never completes: the sink keeps its
        // closures, and the coordinator's bag keeps the sink.
        Example(rpcSession("let publisher = Deferred { updates }.handleEvents(receiveCancel: { task?.cancel() })")
            .replacingOccurrences(of: "receiveValue: { _ in self.status", with: "receiveValue: ↓⟦error: closure stored in 'CheckTransactionStateCoordinator.cancellable' captures 'self'⟧{ _ in self.status")),
        // The helper hands out a subject that never completes: the sink and the operator keep self.
        Example(customChain("return AddCustomChain.updates.eraseToAnyPublisher()")
            .replacingOccurrences(of: "receiveValue: { id in self.chainId", with: "receiveValue: ↓⟦error: closure stored in 'AddCustomChain.cancelable' captures 'self'⟧{ id in self.chainId")
            .replacingOccurrences(of: ".flatMap { id in self.detect", with: ".flatMap ↓⟦error: closure stored in 'AddCustomChain.cancelable' captures 'self'⟧{ id in self.detect")),
        // The publisher's overload hands out a subject that never completes: the bag keeps the sink.
        Example(accountStore("updates.eraseToAnyPublisher()")
            .replacingOccurrences(of: "sink { sites in", with: "sink ↓⟦error: closure stored in 'AccountStore.cancellables' captures 'self'⟧{ sites in")),
        // A kept task looping over updates reads a member of 'self' as a value without writing 'self.': the fix
        // unwraps 'self' inside the loop ('if self?.watchRequests.isEmpty' would not compile; unwrapped before
        // the loop, 'self' would be held while it runs; kiwix `GeolocationService.swift:182`, advice read WRONG).
        Example("""
            import Foundation
            final class GeolocationService {
                private var task: Task<Void, Never>?
                var watchRequests: [Int] = []
                func start() {
                    task = Task ↓⟦error: capture '[weak self]' and unwrap it inside the loop, for each element ('guard let self = self else { break }'), as the closure uses a member of 'self' as a value⟧{
                        for await _ in NotificationCenter.default.notifications(named: .NSSystemClockDidChange) {
                            if watchRequests.isEmpty { report() }
                        }
                    }
                }
                func report() {}
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
        // A `Deferred` making a `Future`, bound to a local and returned, in an extension of a library's class
        // named through an alias: one request (AlphaWallet `CheckTransactionStateCoordinator.swift:61`/`:68`,
        // read FALSE: the APIKit request completes and the sink lets its closures go).
        Example(rpcSession("""
            let publisher = Deferred {
                    Future<Int, Error> { seal in
                        task = APIKitSession.send(request) { seal($0) }
                    }
                }.handleEvents(receiveCancel: { task?.cancel() })
            """)),
        // `return .just(id)` in a function declared `-> AnyPublisher<…>` calls the `just` of the project's
        // `extension Publisher` (not of the nested `UIGestureRecognizer.Publisher`): a request of one value
        // (AlphaWallet `AddCustomChain.swift:82`/`:90`/`:95`/`:98`, read FALSE).
        Example(customChain("return .just(id)")),
        // A stream's `onTermination` runs once, when the stream ends, and is let go of then: capturing the record
        // that holds the continuation keeps the stream only while it lives (damus `ProfilesManager.swift:148`/`:185`,
        // read FALSE, with advice to capture a struct weakly).
        Example("""
            import Foundation
            final class ProfilesManager {
                struct ProfileStreamInfo {
                    let id = UUID()
                    let continuation: AsyncStream<Int>.Continuation
                }
                func streamProfile() -> AsyncStream<Int> {
                    AsyncStream<Int> { continuation in
                        let stream = ProfileStreamInfo(continuation: continuation)
                        continuation.onTermination = { @Sendable _ in
                            print(stream.id)
                        }
                    }
                }
            }
            """),
        // `enqueue(…)` written without `await` is the publisher's overload, not the `async` one: a request
        // (woocommerce `AccountStore.swift:141`, read FALSE).
        Example(accountStore("Future { promise in promise(.success(1)) }.eraseToAnyPublisher()")),
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
