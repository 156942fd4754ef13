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
        var options = arguments
        // The sandbox lets the tool write only under the plugin's work directory: the facts cache goes there.
        if !arguments.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }) {
            options += ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
        }
        process.arguments = hasPath ? options : options + [context.package.directoryURL.path]
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: Diagnostics.error("coordlint found leaks")
        default: Diagnostics.error("coordlint failed (exit \(process.terminationStatus))")
        }
    }
}
