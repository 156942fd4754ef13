#!/usr/bin/env python3
"""coordlint on real apps: materializes each app of scripts/corpus.json at its pinned commit (only the
.swift .h .m .mm files, any .coordlint.yml and the Xcode projects' project.pbxproj) out of a local bare git mirror, runs coordlint on it,
and prints per app the lines, files, wall time and findings (total and per rule). With labels
(Tests/RealWorld/labels.jsonl, one JSON object a line: repo, commit, path, line, rule, kind,
expected "leak" | "not-leak", why, optional fix_commit) it also prints recall over the leak labels,
the missed ones, and the look-alikes (not-leak labels) that were reported. --sample N --seed S prints
N findings drawn at random, to triage by hand; --json-out FILE keeps all of it.

Mirrors: fetch each corpus repository with the search tool's `fetch` verb (`github:owner/name`); it
leaves a bare git directory at MIRROR_DIR/owner+name/repo (MIRROR_DIR is /work/.mirror), which is
what the "mirror" of a corpus entry names. Blobs a snapshot lacks (files of 4 MiB and more) are
skipped and counted. Checkouts are cached under --work (default /tmp/coordlint-realworld) as
owner+name/COMMIT, reused once complete. A label may name another commit than the pinned one: that
commit is materialized and analyzed too, for scoring only.

    scripts/realworld.py /work/.mirror --coordlint .build/release/coordlint
    scripts/realworld.py /work/.mirror --only RxSwiftCommunity/RxFlow --sample 10 --seed 1
    scripts/realworld.py /work/.mirror --json-out /tmp/realworld.json --timeout 1800

Notes (cycles the code tears down on the way out) neither count as reporting a label nor enter the
sample: they do not fail a build. A label is reported when a warning or error of that (repo, commit)
run, of the label's rule if it has one, is
located in the label's file within 2 lines of its line, or has a note there within 2 lines. Runs
that crash, time out or exit 2 are reported with their standard error and skipped. Exit status: 0,
or 2 when the arguments are wrong. Python 3 standard library only; sequential, one coordlint at a time.
"""
import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(ROOT, "scripts", "corpus.json")
DEFAULT_LABELS = os.path.join(ROOT, "Tests", "RealWorld", "labels.jsonl")
DEFAULT_COORDLINT = os.path.join(ROOT, ".build", "release", "coordlint")
DEFAULT_WORK = "/tmp/coordlint-realworld"

SOURCE_EXTENSIONS = (".swift", ".h", ".m", ".mm")
CONFIG_NAME = ".coordlint.yml"
# Xcode project build settings: coordlint reads the Swift version (SWIFT_VERSION) from them.
PROJECT_SUFFIX = ".xcodeproj/project.pbxproj"
MARKER = ".realworld-complete.json"  # a dot file: coordlint does not look at it
MARKER_VERSION = 2  # 2: project.pbxproj files materialized too
# What coordlint's FileCollector skips (besides every name starting with a dot): the "analyzable" count.
SKIPPED_DIRECTORIES = {".build", "Pods", "Carthage", "DerivedData", "node_modules", "xcuserdata"}
LINE_TOLERANCE = 2
RULE_ABBREVIATIONS = {
    "reference_cycle": "cycle",
    "closure_capture_cycle": "closure",
    "strong_coordinator_reference": "strong-coord",
    "strong_delegate": "delegate",
    "child_never_removed": "never-removed",
    "child_not_retained": "not-retained",
    "method_reference_capture": "method-ref",
    "observer_closure_capture": "observer",
    "timer_retains_target": "timer",
    "unhandled_back_navigation": "back-nav",
    "superfluous_suppression": "superfluous",
}
GIT_ENV = dict(os.environ, GIT_NO_LAZY_FETCH="1", GIT_TERMINAL_PROMPT="0", GIT_CONFIG_NOSYSTEM="1",
               LC_ALL="C")


class Problem(Exception):
    """A failure of one checkout or run: reported, then the script goes on."""


def log(message):
    print(message, file=sys.stderr, flush=True)


def tail(data, lines=12, limit=2000):
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else (data or "")
    text = "\n".join(text.rstrip().splitlines()[-lines:])
    return text[-limit:]


def slug(repo):
    return repo.replace("/", "+")


# ---------------------------------------------------------------------------------------------------
# Mirrors and checkouts


def is_git_dir(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def find_git_dir(mirror_root, repo, relative=None):
    """The git directory of `repo` under the mirror root: the corpus entry's "mirror" first, then the
    layouts fetch produces (owner+name/repo, or owner+name/repo/.git for a snapshot with a work tree)."""
    candidates = []
    if relative:
        candidates += [relative, os.path.join(relative, ".git")]
    candidates += [os.path.join(slug(repo), "repo"), os.path.join(slug(repo), "repo", ".git"), slug(repo)]
    for candidate in candidates:
        path = os.path.join(mirror_root, candidate)
        if is_git_dir(path):
            return path
    return None


def git(git_dir, *arguments):
    return subprocess.run(["git", "--git-dir", git_dir, *arguments], capture_output=True, env=GIT_ENV)


def resolve_commit(git_dir, commit):
    result = git(git_dir, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    return result.stdout.decode().strip() if result.returncode == 0 and result.stdout.strip() else None


def wanted(path):
    name = path.rsplit("/", 1)[-1]
    return name == CONFIG_NAME or name.endswith(SOURCE_EXTENSIONS) or path.endswith(PROJECT_SUFFIX)


def safe(path):
    parts = path.split("/")
    return not path.startswith("/") and all(p not in ("", ".", "..", ".git") for p in parts) and "\\" not in path


def analyzable(path):
    """Whether coordlint (without configuration excludes) would read this file."""
    parts = path.split("/")
    if not parts[-1].endswith(SOURCE_EXTENSIONS):
        return False
    return not any(p.startswith(".") or p in SKIPPED_DIRECTORIES for p in parts)


def count_lines(data):
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def materialize(git_dir, commit, destination):
    """Writes the wanted files of `commit` under `destination`, file by file through one
    `git cat-file --batch`; returns the stats (also kept in the marker file). Reuses a complete one."""
    marker = os.path.join(destination, MARKER)
    if os.path.isfile(marker):
        try:
            with open(marker) as f:
                stats = json.load(f)
            if stats.get("marker_version") == MARKER_VERSION and stats.get("commit") == commit:
                stats["reused"] = True
                return stats
        except (OSError, ValueError):
            pass
    started = time.monotonic()
    partial = destination + ".part"
    shutil.rmtree(partial, ignore_errors=True)
    listing = git(git_dir, "ls-tree", "-r", "-z", "--full-tree", commit)
    if listing.returncode != 0:
        raise Problem(f"git ls-tree {commit} failed: {tail(listing.stderr, 3)}")
    entries, special, unsafe = [], [], []
    for record in listing.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, raw_path = record.partition(b"\t")
        mode, kind, sha = meta.split()
        path = raw_path.decode("utf-8", "surrogateescape")
        if not wanted(path):
            continue
        if kind != b"blob" or mode not in (b"100644", b"100755"):
            special.append(path)  # symbolic links, submodules
        elif not safe(path):
            unsafe.append(path)
        else:
            entries.append((sha, path))

    stats = {
        "marker_version": MARKER_VERSION, "commit": commit, "files": 0, "lines": 0,
        "swift_files": 0, "swift_lines": 0, "objc_files": 0, "objc_lines": 0,
        "analyzable_files": 0, "analyzable_lines": 0, "config_files": [],
        "missing_blobs": 0, "missing_paths": [], "skipped_special": len(special),
        "skipped_unsafe": len(unsafe),
    }
    os.makedirs(partial)
    created = set()
    batch = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=GIT_ENV)
    try:
        for sha, path in entries:
            batch.stdin.write(sha + b"\n")
            batch.stdin.flush()
            header = batch.stdout.readline()
            if not header:
                raise Problem(f"git cat-file ended early (at {path})")
            fields = header.split()
            if len(fields) == 2 and fields[1] == b"missing":
                stats["missing_blobs"] += 1
                stats["missing_paths"].append(path)
                continue
            if len(fields) != 3 or fields[1] != b"blob":
                raise Problem(f"git cat-file answered {header!r} for {path}")
            size = int(fields[2])
            data = batch.stdout.read(size)
            if len(data) != size or batch.stdout.read(1) != b"\n":
                raise Problem(f"git cat-file gave a short blob for {path}")
            target = os.path.join(partial, path)
            directory = os.path.dirname(target)
            if directory not in created:
                os.makedirs(directory, exist_ok=True)
                created.add(directory)
            with open(target, "wb") as f:
                f.write(data)
            if path.rsplit("/", 1)[-1] == CONFIG_NAME:
                stats["config_files"].append(path)
                continue
            if path.endswith(PROJECT_SUFFIX):
                continue
            lines = count_lines(data)
            stats["files"] += 1
            stats["lines"] += lines
            language = "swift" if path.endswith(".swift") else "objc"
            stats[f"{language}_files"] += 1
            stats[f"{language}_lines"] += lines
            if analyzable(path):
                stats["analyzable_files"] += 1
                stats["analyzable_lines"] += lines
    finally:
        try:
            batch.stdin.close()
        except OSError:
            pass
        batch.wait()
    stats["seconds"] = round(time.monotonic() - started, 2)
    with open(os.path.join(partial, MARKER), "w") as f:
        json.dump(stats, f, indent=1)
    shutil.rmtree(destination, ignore_errors=True)
    os.makedirs(os.path.dirname(destination), exist_ok=True)
    os.rename(partial, destination)
    stats["reused"] = False
    return stats


# ---------------------------------------------------------------------------------------------------
# Running coordlint


def run_coordlint(binary, checkout, jobs, timeout):
    command = [binary, "--format", "json", "--quiet"]
    if jobs:
        command += ["--jobs", str(jobs)]
    command.append(checkout)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = {"command": command}
    try:
        process = subprocess.run(command, capture_output=True, timeout=timeout or None)
    except subprocess.TimeoutExpired as expired:
        result.update(wall=round(time.monotonic() - started, 2), exit=None,
                      error=f"timed out after {timeout} s", stderr=tail(expired.stderr or b""))
        return result
    except OSError as error:
        result.update(wall=0.0, exit=None, error=f"cannot run {binary}: {error}", stderr="")
        return result
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result.update(wall=round(time.monotonic() - started, 2), exit=process.returncode,
                  cpu=round((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), 2),
                  stderr=tail(process.stderr))
    if process.returncode < 0:
        try:
            name = signal.Signals(-process.returncode).name
        except ValueError:
            name = str(-process.returncode)
        result["error"] = f"crashed: killed by signal {name}"
    elif process.returncode not in (0, 1):
        result["error"] = f"exit {process.returncode}"
    else:
        try:
            document = json.loads(process.stdout)
            result["findings"] = document["findings"]
            result["summary"] = document.get("summary", {})
            result["tool"] = document.get("tool", {})
        except (ValueError, KeyError, TypeError) as error:
            result["error"] = f"exit {process.returncode} but the output is not a coordlint JSON report ({error})"
            result["stdout"] = tail(process.stdout, 5, 500)
    return result


def by_rule(findings):
    counts = {}
    for finding in findings:
        counts[finding["rule"]] = counts.get(finding["rule"], 0) + 1
    return dict(sorted(counts.items()))


# ---------------------------------------------------------------------------------------------------
# Labels


def load_labels(path, only):
    """(labels, problems). A missing file is no labels."""
    if not os.path.exists(path):
        return [], [f"no labels file at {path}"]
    labels, problems = [], []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            try:
                label = json.loads(line)
            except ValueError as error:
                problems.append(f"{path}:{number}: not JSON ({error})")
                continue
            if not isinstance(label, dict):
                problems.append(f"{path}:{number}: not a JSON object")
                continue
            missing = [k for k in ("repo", "commit", "path", "line", "expected") if label.get(k) in (None, "")]
            if missing:
                problems.append(f"{path}:{number}: missing {', '.join(missing)}")
                continue
            if label["expected"] not in ("leak", "not-leak"):
                problems.append(f"{path}:{number}: expected must be leak or not-leak, not {label['expected']!r}")
                continue
            try:
                label["line"] = int(label["line"])
            except (TypeError, ValueError):
                problems.append(f"{path}:{number}: line is not a number")
                continue
            label["path"] = label["path"][2:] if label["path"].startswith("./") else label["path"]
            label["_source"] = f"{os.path.basename(path)}:{number}"
            if only and label["repo"].lower() not in only:
                continue
            labels.append(label)
    return labels, problems


def near(location, path, line):
    return (location.get("file") == path and isinstance(location.get("line"), int)
            and abs(location["line"] - line) <= LINE_TOLERANCE)


def matches(finding, label, use_rule):
    # A note (a cycle the code tears down) does not fail a build: it does not count as reporting.
    if finding.get("severity") == "note":
        return False
    if use_rule and label.get("rule") and finding.get("rule") != label["rule"]:
        return False
    if near(finding.get("location", {}), label["path"], label["line"]):
        return True
    return any(near(note.get("location", {}), label["path"], label["line"]) for note in finding.get("notes", []))


def score(labels, runs):
    """Scores every label against the run of its (repo, commit)."""
    scored = []
    for label in labels:
        run = runs.get((label["repo"].lower(), label.get("_resolved")))
        entry = {k: v for k, v in label.items() if not k.startswith("_")}
        entry["label"] = label["_source"]
        if run is None or "findings" not in run:
            entry["status"] = "unscored"
            entry["reason"] = (run or {}).get("error") or label.get("_problem") or "no run"
        else:
            hits = [f for f in run["findings"] if matches(f, label, True)]
            any_rule = [f for f in run["findings"] if matches(f, label, False)]
            entry["status"] = "scored"
            entry["reported"] = bool(hits)
            entry["reported_any_rule"] = bool(any_rule)
            entry["matched"] = [finding_brief(f) for f in (hits or any_rule)[:3]]
        scored.append(entry)
    leaks = [e for e in scored if e["expected"] == "leak" and e["status"] == "scored"]
    lookalikes = [e for e in scored if e["expected"] == "not-leak" and e["status"] == "scored"]
    reported = [e for e in leaks if e["reported"]]
    summary = {
        "labels": len(scored),
        "unscored": [e for e in scored if e["status"] == "unscored"],
        "leak_labels": len(leaks),
        "leaks_reported": len(reported),
        "leaks_reported_any_rule": sum(e["reported_any_rule"] for e in leaks),
        "recall": round(len(reported) / len(leaks), 4) if leaks else None,
        "recall_any_rule": round(sum(e["reported_any_rule"] for e in leaks) / len(leaks), 4) if leaks else None,
        "missed": [e for e in leaks if not e["reported"]],
        "lookalike_labels": len(lookalikes),
        "lookalikes_reported": [e for e in lookalikes if e["reported"]],
        "lookalikes_reported_any_rule": [e for e in lookalikes if e["reported_any_rule"]],
        "labels_scored": scored,
    }
    return summary


def finding_brief(finding):
    location = finding.get("location", {})
    return {"rule": finding.get("rule"), "severity": finding.get("severity"),
            "at": f"{location.get('file')}:{location.get('line')}:{location.get('column')}",
            "message": finding.get("message")}


# ---------------------------------------------------------------------------------------------------
# Printing


def table(rows, header, right=()):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]

    def fmt(row):
        cells = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        return "  ".join(cells).rstrip()

    print(fmt(header))
    for row in rows:
        print(fmt(row))


def print_runs(runs):
    print("\n== per app (lines and files: materialized .swift/.h/.m/.mm; analyzed: files coordlint read)")
    rules = sorted({rule for run in runs for rule in run.get("by_rule", {})})
    header = ["repo", "commit", "lines", "files", "analyzed", "missing", "wall s", "cpu s", "findings"]
    header += [RULE_ABBREVIATIONS.get(rule, rule) for rule in rules]
    rows = []
    for run in runs:
        name = run["repo"] + ("" if run["pinned"] else " (label)")
        stats = run.get("checkout") or {}
        if "findings" in run:
            tail_cells = [run["findings_total"]] + [run["by_rule"].get(rule, 0) for rule in rules]
        else:
            tail_cells = ["ERROR"] + [""] * len(rules)
        rows.append([name, (run.get("commit") or "?")[:10], stats.get("lines", ""), stats.get("files", ""),
                     run.get("summary", {}).get("files", ""), stats.get("missing_blobs", ""),
                     "" if run.get("wall") is None else f"{run['wall']:.1f}",
                     "" if run.get("cpu") is None else f"{run['cpu']:.1f}"] + tail_cells)
    ok = [r for r in runs if "findings" in r and r["pinned"]]
    if ok:
        rows.append(["total (pinned)", "", sum(r["checkout"]["lines"] for r in ok),
                     sum(r["checkout"]["files"] for r in ok), sum(r.get("summary", {}).get("files", 0) for r in ok),
                     sum(r["checkout"]["missing_blobs"] for r in ok), f"{sum(r['wall'] for r in ok):.1f}",
                     f"{sum(r.get('cpu') or 0 for r in ok):.1f}", sum(r["findings_total"] for r in ok)]
                    + [sum(r["by_rule"].get(rule, 0) for r in ok) for rule in rules])
    table(rows, header, right=set(range(2, len(header))))
    shown = [rule for rule in rules if RULE_ABBREVIATIONS.get(rule, rule) != rule]
    if shown:
        print("rules: " + ", ".join(f"{RULE_ABBREVIATIONS[r]} = {r}" for r in shown))
    for run in runs:
        if "error" in run:
            print(f"\n{run['repo']} @ {(run.get('commit') or '?')[:10]}: {run['error']}")
            if run.get("stderr"):
                print("  stderr: " + run["stderr"].replace("\n", "\n          "))


def describe_label(e):
    rule = e.get("rule") or "any rule"
    text = f"  {e['repo']} @ {str(e['commit'])[:10]} {e['path']}:{e['line']} [{rule}]"
    if e.get("kind"):
        text += f" ({e['kind']})"
    if e.get("why"):
        why = " ".join(str(e["why"]).split())
        text += f": {why[:140]}{'…' if len(why) > 140 else ''}"
    return text + f"  <{e['label']}>"


def print_scoring(scoring, problems):
    print("\n== labels")
    for problem in problems:
        print(f"  note: {problem}")
    if not scoring["labels"]:
        print("  no labels to score")
        return
    print(f"  {scoring['labels']} labels: {scoring['leak_labels']} leak and {scoring['lookalike_labels']} "
          f"not-leak scored, {len(scoring['unscored'])} unscored")
    if scoring["leak_labels"]:
        print(f"  recall: {scoring['leaks_reported']}/{scoring['leak_labels']} = {scoring['recall']:.1%} "
              f"(rule-agnostic: {scoring['leaks_reported_any_rule']}/{scoring['leak_labels']} = "
              f"{scoring['recall_any_rule']:.1%})")
    print(f"\n  missed leaks ({len(scoring['missed'])}):")
    for e in scoring["missed"]:
        extra = "  [reported under another rule: " + ", ".join(sorted({m["rule"] for m in e["matched"]})) + "]" \
            if e.get("reported_any_rule") else ""
        print(describe_label(e) + extra)
    print(f"\n  look-alikes reported, false positives ({len(scoring['lookalikes_reported'])} of "
          f"{scoring['lookalike_labels']}; rule-agnostic {len(scoring['lookalikes_reported_any_rule'])}):")
    for e in scoring["lookalikes_reported"]:
        print(describe_label(e))
        for m in e["matched"]:
            print(f"      {m['rule']} at {m['at']}: {m['message']}")
    if scoring["unscored"]:
        print(f"\n  unscored labels ({len(scoring['unscored'])}):")
        for e in scoring["unscored"]:
            print(describe_label(e) + f"  -- {e['reason']}")


def draw_sample(runs, count, seed, all_commits=False, notes=False):
    pool = []
    seen = set()
    for run in runs:
        if (run["pinned"] or all_commits) and "findings" in run:
            for finding in run["findings"]:
                if finding.get("severity") == "note" and not notes:
                    continue
                # The same finding at several commits of one app is drawn once (its first run).
                identity = (run["repo"], finding.get("identity") or finding.get("message"))
                if identity in seen:
                    continue
                seen.add(identity)
                pool.append((run["repo"], run["commit"], finding))

    def key(item):
        repo, _, f = item
        location = f.get("location", {})
        return (repo, location.get("file", ""), location.get("line", 0), location.get("column", 0),
                f.get("rule", ""), f.get("message", ""))

    pool.sort(key=key)
    chosen = random.Random(seed).sample(pool, min(count, len(pool)))
    sample = []
    for repo, commit, f in chosen:
        location = f.get("location", {})
        sample.append({
            "repo": repo, "commit": commit, "rule": f.get("rule"), "severity": f.get("severity"),
            "location": f"{location.get('file')}:{location.get('line')}:{location.get('column')}",
            "message": f.get("message"),
            "notes": [{"at": f"{n.get('location', {}).get('file')}:{n.get('location', {}).get('line')}",
                       "message": n.get("message")} for n in f.get("notes", [])],
            "identity": f.get("identity"),
        })
    return pool, sample


def print_sample(pool, sample, count, seed):
    print(f"\n== sample: {len(sample)} of {len(pool)} findings (--sample {count} --seed {seed})")
    for i, s in enumerate(sample, 1):
        print(f"\n[{i}] {s['repo']} @ {s['commit'][:10]}  {s['rule']} ({s['severity']})")
        print(f"    {s['location']}: {s['message']}")
        for n in s["notes"]:
            print(f"      note {n['at']}: {n['message']}")


# ---------------------------------------------------------------------------------------------------


def parse_arguments():
    parser = argparse.ArgumentParser(description="Run coordlint on the real-world corpus and score it against labels.")
    parser.add_argument("mirror", metavar="MIRROR_DIR", help="the mirror root (where fetch put owner+name/repo)")
    parser.add_argument("--coordlint", default=DEFAULT_COORDLINT, help="the coordlint binary (default: %(default)s)")
    parser.add_argument("--work", default=DEFAULT_WORK, help="checkout cache (default: %(default)s)")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help="the corpus list (default: %(default)s)")
    parser.add_argument("--labels", default=DEFAULT_LABELS, help="labels, JSON lines (default: %(default)s)")
    parser.add_argument("--only", action="append", metavar="REPO", help="only this owner/name (repeatable)")
    parser.add_argument("--sample", type=int, metavar="N", help="print N findings drawn at random")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the sample's seed (default: 0)")
    parser.add_argument("--sample-notes", action="store_true",
                        help="draw notes (cycles the code tears down) into the sample too")
    parser.add_argument("--sample-all-commits", action="store_true",
                        help="draw the sample from the label commits' runs too (each finding once per app)")
    parser.add_argument("--jobs", type=int, metavar="N", help="passed to coordlint --jobs")
    parser.add_argument("--timeout", type=float, default=0, metavar="SECONDS",
                        help="stop a coordlint run after this long (default: no limit)")
    parser.add_argument("--json-out", metavar="FILE", help="write stats, scoring and sample as JSON")
    parser.add_argument("--findings-out", metavar="FILE",
                        help="write every run's findings as JSON (repo, commit, findings), to compare two binaries")
    args = parser.parse_args()
    if not os.path.isdir(args.mirror):
        parser.error(f"no mirror directory {args.mirror}")
    if not (os.path.isfile(args.coordlint) and os.access(args.coordlint, os.X_OK)):
        parser.error(f"no coordlint binary at {args.coordlint} (build it, or pass --coordlint PATH)")
    if args.sample is not None and args.sample < 0:
        parser.error("--sample must be at least 0")
    if args.jobs is not None and args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.timeout < 0:
        parser.error("--timeout must not be negative")
    try:
        with open(args.corpus) as f:
            corpus = json.load(f)
        assert isinstance(corpus, list) and all("repo" in e and "commit" in e for e in corpus)
    except (OSError, ValueError, AssertionError) as error:
        parser.error(f"cannot read the corpus {args.corpus}: {error or 'not a list of {repo, commit, mirror}'}")
    only = {r.lower() for r in args.only} if args.only else None
    if only:
        known = {e["repo"].lower() for e in corpus}
        unknown = sorted(only - known)
        if unknown:
            log(f"realworld: note: not in the corpus: {', '.join(unknown)} (labels only)")
    args.coordlint = os.path.abspath(args.coordlint)
    return args, corpus, only


def main():
    try:
        sys.stdout.reconfigure(errors="backslashreplace", line_buffering=True)
    except AttributeError:
        pass
    args, corpus, only = parse_arguments()
    mirror_root = os.path.abspath(args.mirror)
    labels, label_problems = load_labels(args.labels, only)

    # What to run: the pinned commit of each corpus app, then every other (repo, commit) the labels name.
    jobs = []  # (repo, requested commit, git dir or None, mirror problem, pinned)
    git_dirs = {}
    for entry in corpus:
        if only and entry["repo"].lower() not in only:
            continue
        git_dir = find_git_dir(mirror_root, entry["repo"], entry.get("mirror"))
        git_dirs[entry["repo"].lower()] = git_dir
        jobs.append({"repo": entry["repo"], "requested": entry["commit"], "git_dir": git_dir, "pinned": True})
    for label in labels:
        key = label["repo"].lower()
        if key not in git_dirs:
            git_dirs[key] = find_git_dir(mirror_root, label["repo"])
        git_dir = git_dirs[key]
        if git_dir is None:
            label["_problem"] = f"no mirror of {label['repo']} under {mirror_root}"
            continue
        label["_resolved"] = resolve_commit(git_dir, str(label["commit"]))
        if label["_resolved"] is None:
            label["_problem"] = f"commit {label['commit']} is not in the mirror"
    for job in jobs:
        job["commit"] = resolve_commit(job["git_dir"], job["requested"]) if job["git_dir"] else None
    seen = {(j["repo"].lower(), j["commit"]) for j in jobs}
    for label in labels:
        key = (label["repo"].lower(), label.get("_resolved"))
        if label.get("_resolved") and key not in seen:
            seen.add(key)
            jobs.append({"repo": label["repo"], "requested": label["commit"], "commit": label["_resolved"],
                         "git_dir": git_dirs[key[0]], "pinned": False})

    runs = []
    for job in jobs:
        run = {"repo": job["repo"], "commit": job["commit"] or job["requested"], "pinned": job["pinned"]}
        runs.append(run)
        title = f"{job['repo']} @ {str(run['commit'])[:10]}" + ("" if job["pinned"] else " (label commit)")
        if job["git_dir"] is None:
            run["error"] = f"no mirror under {mirror_root} (fetch github:{job['repo']})"
            log(f"realworld: {title}: {run['error']}")
            continue
        run["mirror"] = os.path.relpath(job["git_dir"], mirror_root)
        if job["commit"] is None:
            run["error"] = f"commit {job['requested']} is not in the mirror {run['mirror']}"
            log(f"realworld: {title}: {run['error']}")
            continue
        checkout = os.path.join(os.path.abspath(args.work), slug(job["repo"]), job["commit"])
        run["path"] = checkout
        try:
            stats = materialize(job["git_dir"], job["commit"], checkout)
        except (Problem, OSError) as error:
            run["error"] = f"checkout failed: {error}"
            log(f"realworld: {title}: {run['error']}")
            continue
        run["checkout"] = stats
        missing = f", {stats['missing_blobs']} blobs missing" if stats["missing_blobs"] else ""
        log(f"realworld: {title}: {stats['files']} files, {stats['lines']} lines"
            f"{' (cached)' if stats['reused'] else ''}{missing}; running coordlint")
        result = run_coordlint(args.coordlint, checkout, args.jobs, args.timeout)
        run.update({k: v for k, v in result.items() if k not in ("command",)})
        if "findings" in run:
            run["findings_total"] = len(run["findings"])
            run["by_rule"] = by_rule(run["findings"])
            log(f"realworld: {title}: {run['wall']:.1f} s, exit {run['exit']}, {run['findings_total']} findings")
        else:
            log(f"realworld: {title}: {run['error']}")

    print(f"coordlint: {args.coordlint}")
    print_runs(runs)
    index = {(r["repo"].lower(), r["commit"]): r for r in runs}
    scoring = score(labels, index)
    print_scoring(scoring, label_problems)
    pool, sample = ([], [])
    if args.sample is not None:
        pool, sample = draw_sample(runs, args.sample, args.seed, args.sample_all_commits, args.sample_notes)
        print_sample(pool, sample, args.sample, args.seed)

    if args.findings_out:
        try:
            with open(args.findings_out, "w") as f:
                json.dump([{"repo": r["repo"], "commit": r["commit"], "findings": r.get("findings")} for r in runs],
                          f, indent=1, sort_keys=True)
                f.write("\n")
        except OSError as error:
            log(f"realworld: cannot write {args.findings_out}: {error}")

    if args.json_out:
        document = {
            "coordlint": args.coordlint,
            "tool": next((r["tool"] for r in runs if r.get("tool")), {}),
            "mirror_root": mirror_root,
            "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "runs": [{k: v for k, v in r.items() if k != "findings"} for r in runs],
            "scoring": scoring,
            "label_problems": label_problems,
            "sample": {"n": args.sample, "seed": args.seed, "population": len(pool), "findings": sample}
            if args.sample is not None else None,
        }
        try:
            with open(args.json_out, "w") as f:
                json.dump(document, f, indent=2, default=str)
                f.write("\n")
        except OSError as error:
            log(f"realworld: cannot write {args.json_out}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
