import Foundation

/// A compile_commands.json, reduced to the flags that change what a file declares: include paths,
/// macros, language standard, forced includes.
public enum CompileCommands {
    struct Entry: Decodable {
        var directory: String
        var file: String
        var arguments: [String]?
        var command: String?
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    /// Absolute file path → the flags coordlint passes to libclang for it.
    public static func load(_ path: String) throws -> [String: [String]] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Malformed(description: "no such file") }
        let entries: [Entry]
        do { entries = try JSONDecoder().decode([Entry].self, from: data) } catch {
            throw Malformed(description: "not a compile_commands.json (an array of {directory, file, arguments|command})")
        }
        var result: [String: [String]] = [:]
        for entry in entries {
            let file = URL(fileURLWithPath: entry.file, relativeTo: URL(fileURLWithPath: entry.directory, isDirectory: true))
                .standardizedFileURL.path
            let words = entry.arguments ?? (entry.command ?? "").split(separator: " ").map(String.init)
            result[file] = keep(words, directory: entry.directory)
        }
        return result
    }

    static func keep(_ words: [String], directory: String) -> [String] {
        var kept: [String] = []
        var index = 0
        let withValue: Set<String> = ["-I", "-D", "-isystem", "-iquote", "-include", "-F", "-U", "-idirafter"]
        while index < words.count {
            let word = words[index]
            if withValue.contains(word), index + 1 < words.count {
                kept += [word, absolute(words[index + 1], flag: word, directory: directory)]
                index += 2
                continue
            }
            for prefix in ["-I", "-D", "-F", "-U", "-std="] where word.hasPrefix(prefix) && word.count > prefix.count {
                let value = String(word.dropFirst(prefix.count))
                kept.append(prefix == "-I" || prefix == "-F" ? prefix + absolute(value, flag: prefix, directory: directory) : word)
                break
            }
            if word.hasPrefix("-fobjc-") || word == "-fblocks" { kept.append(word) }
            index += 1
        }
        return kept
    }

    private static func absolute(_ value: String, flag: String, directory: String) -> String {
        guard ["-I", "-isystem", "-iquote", "-F", "-idirafter", "-include"].contains(flag), !value.hasPrefix("/") else { return value }
        return URL(fileURLWithPath: value, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
    }
}
