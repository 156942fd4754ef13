import CoordLintCore

/// Cycles that hold the same object through different back-references, the same way: each is a
/// finding of its own, and fixing one leaves the others. A finding names its companions, so a reader
/// of one finding (in an editor, one diagnostic at a time) knows that its fix alone does not free the
/// objects: two closures in one bag both capturing the view that keeps the bag's owner; a coordinator
/// keeping a controller both in its own property and in the parameters struct it keeps.
///
/// Two reported cycles are companions when their back-references differ, hold the same object, and are
/// followed by the same reference (the object's own hold on the rest of the cycle), and neither cycle
/// contains the other's back-reference (so weakening one leaves the other whole). And one closure's
/// captures of two objects, each closing a cycle, are two findings at the same place: each names the
/// other capture. Only findings at or above a warning count: a note's cycle is already let go of by the
/// code.
///
/// Then the other leaks one file reports keeping the same `self` another way (a controller's query
/// handlers and its rows' actions; an observer or a timer whose block captures it): each keeps that object
/// alive on its own, so a finding names them too ("is also kept by"), where the same-way list does not
/// already.
public enum CompanionCycles {
    /// How many companions a message names before "and N more".
    static let named = 3

    public static func mention(in findings: [Finding]) -> [Finding] {
        struct Key: Hashable {
            var held: String, next: String, nextOrigin: EdgeOrigin, nextLocation: SourceLocation
            /// Where the next reference was made: another flow building objects of the same types (another
            /// sheet's stack and controller) is another instance, not this cycle's companion.
            var nextAssignment: SourceLocation?
        }
        func key(_ finding: Finding) -> Key? {
            guard finding.severity != .note, case .cycle(let edges)? = finding.evidence, edges.count > 1 else { return nil }
            return Key(held: edges[0].to, next: edges[1].to, nextOrigin: edges[1].origin, nextLocation: edges[1].location,
                       nextAssignment: edges[1].assignment)
        }
        var groups: [Key: [Int]] = [:]
        for index in findings.indices {
            if let key = key(findings[index]) { groups[key, default: []].append(index) }
        }
        var result = findings
        // One closure capturing two objects, each closing a cycle of its own (a section's closure capturing
        // the section and `self`): each finding is at the closure, and each capture must go.
        var byClosure: [String: [Int]] = [:]
        for index in findings.indices where findings[index].severity != .note {
            guard case .cycle(let edges)? = findings[index].evidence, case .capture(_, "") = edges[0].origin else { continue }
            byClosure[edges[0].from, default: []].append(index)
        }
        for members in byClosure.values where members.count > 1 {
            for index in members {
                let others = members.filter { $0 != index }.compactMap { other -> String? in
                    guard case .cycle(let edges)? = findings[other].evidence, case .capture(let name, _) = edges[0].origin else { return nil }
                    return "'\(name)' (\(edges[0].to))"
                }
                let names = Set(others).sorted()
                guard !names.isEmpty else { continue }
                result[index].message += "; the closure also captures \(names.joined(separator: " and ")) strongly, in "
                    + (names.count == 1 ? "a cycle reported on its own: weaken both" : "cycles reported on their own: weaken them all")
            }
        }
        // Each cycle's references, and whether fixing `index`'s back-reference leaves `other`'s cycle whole,
        // and the other way round.
        let cycles = findings.map { finding -> (first: Edge, all: Set<Edge>)? in
            guard case .cycle(let edges)? = finding.evidence, let first = edges.first else { return nil }
            return (first, Set(edges))
        }
        func independent(_ index: Int, _ other: Int) -> Bool {
            guard other != index else { return false }
            // A registration (an observer, a timer) is no reference of a cycle: fixing either leaves the other.
            guard let this = cycles[index], let that = cycles[other] else { return true }
            return that.first != this.first && !this.all.contains(that.first) && !that.all.contains(this.first)
        }
        var sameWay: [Int: [Int]] = [:]
        for members in groups.values where members.count > 1 {
            for index in members {
                sameWay[index] = members.filter { independent(index, $0) }
            }
        }
        // Closures capturing `self`, and registrations keeping it: whichever of its methods made them, they hold
        // the object those methods run on (a captured local is an object of its own call, which another
        // closure's local need not be).
        func keptSelf(_ finding: Finding) -> String? {
            guard finding.severity != .note else { return nil }
            switch finding.evidence {
            case .cycle(let edges)? where edges.count > 1:
                if case .capture("self", _) = edges[0].origin { return edges[0].to }
                // `userContentController.add(self, name:)`: a framework object keeping the object as its handler.
                if case .container(let call, _) = edges[0].origin, KnowledgeTables.retainedObjectName(call) != nil {
                    return edges[0].to
                }
                return nil
            case .registration(_, let keeps)?:
                return keeps
            default:
                return nil
            }
        }
        var byFile: [HeldInFile: [Int]] = [:]
        for index in findings.indices {
            guard let held = keptSelf(findings[index]) else { continue }
            byFile[HeldInFile(held: held, file: findings[index].location.file), default: []].append(index)
        }
        var otherWays: [Int: [Int]] = [:]
        for members in byFile.values where members.count > 1 {
            for index in members {
                let named = Set(sameWay[index] ?? [])
                otherWays[index] = members.filter { !named.contains($0) && independent(index, $0) }
            }
        }
        for index in findings.indices {
            guard let held = cycles[index]?.first.to ?? keptSelf(findings[index]) else { continue }
            let same = (sameWay[index] ?? []).map { findings[$0].location }.sorted()
            let other = (otherWays[index] ?? []).map { findings[$0].location }.sorted()
            if !same.isEmpty {
                result[index].message += wording(same, of: held)
                // Every one of them as a note, where an editor lists related places (the message names three).
                result[index].notes += same.map {
                    Note(message: "'\(held)' is held the same way by the cycle reported here", location: $0)
                }
            }
            if !other.isEmpty {
                result[index].message += wording(other, of: held, otherWays: true)
                result[index].notes += other.map {
                    Note(message: "'\(held)' is also kept by the leak reported here", location: $0)
                }
            }
        }
        return result
    }

    /// The object a cycle holds, and the file whose findings are named together.
    private struct HeldInFile: Hashable {
        var held: String
        var file: String
    }

    /// "; 'PollOptionView' is held the same way by the cycles reported at A.swift:153 and A.swift:169:
    /// fix them too"
    static func wording(_ companions: [SourceLocation], of held: String, otherWays: Bool = false) -> String {
        let shown = companions.prefix(named).map(\.shortDescription)
        let more = companions.count - shown.count
        let list: String
        if more > 0 {
            list = shown.joined(separator: ", ") + " and \(more) more"
        } else if shown.count > 1 {
            list = shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        } else {
            list = shown[0]
        }
        let how = otherWays ? "is also kept by the \(companions.count == 1 ? "leak" : "leaks")"
            : "is held the same way by the \(companions.count == 1 ? "cycle" : "cycles")"
        return "; '\(held)' \(how) reported at \(list): fix \(companions.count == 1 ? "it" : "them") too"
    }
}
