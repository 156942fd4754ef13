import Foundation
import PackagePlugin

/// `swift package coordlint [coordlint arguments]`: runs coordlint on the package (or on the paths
/// and options given), and fails the command when coordlint reports findings.
@main
struct CoordLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "coordlint")
        let hasPath = arguments.contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = hasPath ? arguments : arguments + [context.package.directoryURL.path]
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: Diagnostics.error("coordlint found leaks")
        default: Diagnostics.error("coordlint failed (exit \(process.terminationStatus))")
        }
    }
}
