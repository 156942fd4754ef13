import ArgumentParser
import Foundation

// Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage error (bad flag, missing path).
do {
    var command = try CoordLintCommand.parseAsRoot()
    try command.run()
} catch let failure as UsageFailure {
    FileHandle.standardError.write(Data("coordlint: error: \(failure.message)\n".utf8))
    exit(2)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let code = CoordLintCommand.exitCode(for: error)
    if code == .success {
        print(CoordLintCommand.fullMessage(for: error))
        exit(0)
    }
    let message = CoordLintCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid usage"
    FileHandle.standardError.write(Data("coordlint: error: \(message)\n".utf8))
    exit(2)
}
