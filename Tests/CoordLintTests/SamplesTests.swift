import CoordLintCore
import CoordLintKit
import Foundation
import Reporters
import Testing

/// The regression suite: every sample under Samples/ against its expected.json (the JSON report).
/// `COORDLINT_UPDATE_GOLDEN=1 swift test` rewrites the expectations; `git diff` is the review.
@Suite struct SamplesTests {
    static let samplesDirectory = packageRoot.appendingPathComponent("Samples")
    static let samples: [String] = (try? FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path))?
        .filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: samplesDirectory.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        .sorted() ?? []

    @Test func thereAreSamples() {
        #expect(Self.samples.count >= 6)
    }

    @Test(arguments: samples)
    func sampleMatchesExpectedFindings(_ sample: String) throws {
        let directory = Self.samplesDirectory.appendingPathComponent(sample)
        let result = Analyzer(options: .init(jobs: 2)).run(root: directory.path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let actual = JSONReporter().render(result.report())
        let expectedURL = directory.appendingPathComponent("expected.json")
        if ProcessInfo.processInfo.environment["COORDLINT_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(sample): run COORDLINT_UPDATE_GOLDEN=1 swift test to see the difference with git diff")
    }

    /// Same input, same bytes, whatever the thread count.
    @Test(arguments: samples)
    func outputDoesNotDependOnThreads(_ sample: String) {
        let path = Self.samplesDirectory.appendingPathComponent(sample).path
        let one = TextReporter().render(Analyzer(options: .init(jobs: 1)).run(root: path).report())
        let four = TextReporter().render(Analyzer(options: .init(jobs: 4)).run(root: path).report())
        #expect(one == four)
    }
}
