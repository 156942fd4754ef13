import Analysis
import CoordLintCore
import Foundation
import Rules
import Yams

/// `.coordlint.yml`: which files and rules, severities, and extra knowledge (naming conventions, APIs).
///
/// ```yaml
/// parent_config: ../.coordlint-base.yml
/// included: ["App/**"]
/// excluded: ["App/Generated/**", "**/*Tests.swift"]
/// disabled_rules: [timer_retains_target]     # or only_rules: [...]
/// severity: {child_never_removed: error}
/// coordinator_suffixes: [Wireframe]           # added to Coordinator, Router, Flow
/// coordinator_protocols: [Navigating]         # protocol-name words that make conformers coordinators
/// weak_properties: [ListViewController.owner, parentFlow]
/// non_escaping_apis: [performAndWait]         # closure APIs that never keep their closure
/// escaping_apis: [observeChanges]             # APIs whose result (a token) keeps the closure
/// child_add_helpers: ["push(child:)"]
/// child_remove_helpers: ["pop(child:)"]
/// ```
public struct Configuration: Sendable {
    public var included: [String] = []
    public var excluded: [String] = []
    public var disabledRules: Set<String> = []
    public var onlyRules: Set<String>?
    public var severities: [String: Severity] = [:]
    public var knowledge = Knowledge()
    /// Unknown keys and other problems that do not stop the run.
    public var warnings: [String] = []

    public init() {}

    public static let fileName = ".coordlint.yml"
    static let keys: Set<String> = [
        "parent_config", "included", "excluded", "disabled_rules", "only_rules", "severity", "coordinator_suffixes",
        "coordinator_protocols", "weak_properties", "non_escaping_apis", "escaping_apis", "child_add_helpers",
        "child_remove_helpers",
    ]

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Loads a configuration file and, first, its `parent_config` chain.
    public static func load(path: String) throws -> Configuration {
        try load(path: path, visited: [])
    }

    private static func load(path: String, visited: Set<String>) throws -> Configuration {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard !visited.contains(absolute) else { throw LoadError(description: "\(path): parent_config loop") }
        guard let data = FileManager.default.contents(atPath: absolute), let text = String(data: data, encoding: .utf8) else {
            throw LoadError(description: "cannot read the configuration \(path)")
        }
        let node: Any?
        do {
            node = try Yams.load(yaml: text)
        } catch let error as YamlError {
            throw LoadError(description: "\(path): \(describe(error))")
        }
        guard let dictionary = (node ?? [String: Any]()) as? [String: Any] else {
            throw LoadError(description: "\(path): the configuration must be a mapping of keys to values")
        }
        var configuration = Configuration()
        if let parent = dictionary["parent_config"] as? String {
            let parentPath = URL(fileURLWithPath: absolute).deletingLastPathComponent().appendingPathComponent(parent).path
            configuration = try load(path: parentPath, visited: visited.union([absolute]))
        }
        try configuration.apply(dictionary, file: path)
        return configuration
    }

    private mutating func apply(_ dictionary: [String: Any], file: String) throws {
        for key in dictionary.keys.sorted() where !Self.keys.contains(key) {
            warnings.append("\(file): unknown key '\(key)' ignored")
        }
        func strings(_ key: String) throws -> [String]? {
            guard let value = dictionary[key] else { return nil }
            if let single = value as? String { return [single] }
            guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
                throw LoadError(description: "\(file): '\(key)' must be a list of strings")
            }
            return list as? [String]
        }
        let ruleIDs = Set(builtInRules.map { $0.description.identifier })
        func rules(_ key: String) throws -> Set<String>? {
            guard let list = try strings(key) else { return nil }
            for id in list where !ruleIDs.contains(id) { warnings.append("\(file): unknown rule '\(id)' in '\(key)'") }
            return Set(list)
        }
        if let list = try strings("included") { included += list }
        if let list = try strings("excluded") { excluded += list }
        if let set = try rules("disabled_rules") { disabledRules.formUnion(set) }
        if let set = try rules("only_rules") { onlyRules = set }
        if let value = dictionary["severity"] {
            guard let map = value as? [String: Any] else { throw LoadError(description: "\(file): 'severity' must map rule ids to levels") }
            for (rule, level) in map {
                guard let name = level as? String, let severity = Severity(rawValue: name) else {
                    throw LoadError(description: "\(file): severity of '\(rule)' must be note, warning or error")
                }
                if !ruleIDs.contains(rule) { warnings.append("\(file): unknown rule '\(rule)' in 'severity'") }
                severities[rule] = severity
            }
        }
        if let list = try strings("coordinator_suffixes") { knowledge.coordinatorSuffixes += list }
        if let list = try strings("coordinator_protocols") { knowledge.coordinatorProtocolWords += list }
        if let list = try strings("weak_properties") { knowledge.weakProperties.formUnion(list) }
        if let list = try strings("non_escaping_apis") { for api in list { knowledge.closureAPIs[api] = .transient } }
        if let list = try strings("escaping_apis") { for api in list { knowledge.closureAPIs[api] = .keptByResult } }
        if let list = try strings("child_add_helpers") { knowledge.childAddHelpers.formUnion(list) }
        if let list = try strings("child_remove_helpers") { knowledge.childRemoveHelpers.formUnion(list) }
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return "invalid YAML at line \(mark.line), column \(mark.column): \(problem)"
        default:
            return "invalid YAML: \(error)"
        }
    }

    /// Whether a rule runs.
    public func isEnabled(_ rule: String) -> Bool {
        !disabledRules.contains(rule) && (onlyRules?.contains(rule) ?? true)
    }

    /// Whether a file (relative to the root) is analyzed.
    public func includes(_ relativePath: String) -> Bool {
        if !included.isEmpty && !included.contains(where: { Glob.matches($0, relativePath) }) { return false }
        return !excluded.contains { Glob.matches($0, relativePath) }
    }
}

/// `*` (within a path component), `**` (any number of components), `?`; a pattern naming a directory
/// matches everything under it.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let p = Array(pattern.hasSuffix("/") ? pattern + "**" : pattern)
        let s = Array(path)
        if match(p[...], s[...]) { return true }
        return !pattern.contains("*") && path.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/")
    }

    private static func match(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        guard let first = p.first else { return s.isEmpty }
        if first == "*" {
            if p.dropFirst().first == "*" {
                var rest = p.dropFirst(2)
                if rest.first == "/" { rest = rest.dropFirst() }
                var tail = s
                while true {
                    if match(rest, tail) { return true }
                    guard !tail.isEmpty else { return false }
                    tail = tail.dropFirst()
                }
            }
            var tail = s
            while true {
                if match(p.dropFirst(), tail) { return true }
                guard let c = tail.first, c != "/" else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let c = s.first else { return false }
        if first == "?" ? c != "/" : first == c { return match(p.dropFirst(), s.dropFirst()) }
        return false
    }
}
