#!/usr/bin/env python3
"""Fuzzes coordlint with mutated Samples: every batch is a folder holding N mutated Swift and
Objective-C files beside an untouched leaky sample (Samples/ParentChildStrongParent). A batch passes
when coordlint exits 0 or 1 (never a signal, never 2), finishes before the batch deadline, prints
valid JSON, and reports every finding of the untouched sample's expected.json.

Mutations (one to three per input, chosen at random from a seed): byte flips, truncation, splices of
two samples, deep nesting of each bracket kind (and the unbalanced runs that make parsers backtrack),
very long lines, identifiers and member chains, invalid UTF-8, a BOM, CR and CRLF line ends,
U+2028/U+2029, and keywords in odd places.

    scripts/fuzz.py --inputs 10000                 # the long run (figures in RELIABILITY.md)
    scripts/fuzz.py --smoke                        # what CI runs: 200 inputs, under 2 minutes
    scripts/fuzz.py --inputs 500 --seed 7 --keep /tmp/fuzz-failures

A failing batch is copied under --keep (default /tmp/coordlint-fuzz-failures) with the command and
what went wrong; reduce it to a regression test. Exit status: 0 when every batch passed, 1 otherwise,
2 for bad arguments. Python 3 standard library only.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(ROOT, "Samples")
ANCHOR = "ParentChildStrongParent"
SOURCE_EXTENSIONS = (".swift", ".h", ".m")

KEYWORDS = [b"class", b"struct", b"protocol", b"extension", b"func", b"init", b"deinit", b"let", b"var",
            b"weak", b"unowned", b"lazy", b"static", b"private", b"@objc", b"@escaping", b"#if", b"#endif",
            b"where", b"in", b"self", b"Self", b"return", b"guard", b"defer", b"@interface", b"@end",
            b"@property", b"^{", b"__weak", b"@implementation", b"#import", b"case", b"enum", b"subscript"]
OPENERS = [b"(", b"[", b"{", b"<", b"[(", b"a<[", b"[@", b"[x]->[", b"#if X\n", b"/*", b"\"\"\"", b"\"\\("]
INVALID_UTF8 = [b"\xff", b"\xfe\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80\x80"]


def sources():
    found = []
    for directory, _, names in os.walk(SAMPLES):
        for name in sorted(names):
            if name.endswith(SOURCE_EXTENSIONS):
                path = os.path.join(directory, name)
                with open(path, "rb") as f:
                    found.append((name, f.read()))
    found.sort()
    return found


def position(rng, data):
    return rng.randrange(len(data) + 1) if data else 0


def mutate(rng, data, other):
    kind = rng.choice(["flip", "truncate", "splice", "nest", "long_line", "long_identifier", "chain",
                       "utf8", "bom", "cr", "separator", "keyword", "unbalanced", "delete"])
    at = position(rng, data)
    if kind == "flip":
        data = bytearray(data)
        for _ in range(rng.randint(1, 16)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256) or 32
        return bytes(data), kind
    if kind == "truncate":
        return data[:at], kind
    if kind == "splice":
        cut = position(rng, other)
        return data[:at] + other[cut:], kind
    if kind == "nest":
        opener = rng.choice([b"(", b"[", b"{", b"<", b"#if X\n"])
        closer = {b"(": b")", b"[": b"]", b"{": b"}", b"<": b">", b"#if X\n": b"#endif\n"}[opener]
        depth = rng.choice([100, 1000, 5000, 20000])
        inner = opener * depth + (closer * depth if rng.random() < 0.5 else b"")
        return data[:at] + b"\nlet y = " + inner + b"\n" + data[at:], f"{kind}{opener!r}x{depth}"
    if kind == "long_line":
        length = rng.choice([10_000, 100_000, 1_000_000])
        return data[:at] + b"\nlet s = \"" + b"x" * length + b"\"\n" + data[at:], f"{kind}{length}"
    if kind == "long_identifier":
        length = rng.choice([1_000, 100_000])
        return data[:at] + b"\nvar " + b"a" * length + b" = self\n" + data[at:], kind
    if kind == "chain":
        length = rng.choice([1_000, 20_000, 100_000])
        return data[:at] + b"\nlet z = a" + b".a" * length + b"\n" + data[at:], f"{kind}{length}"
    if kind == "utf8":
        return data[:at] + rng.choice(INVALID_UTF8) + data[at:], kind
    if kind == "bom":
        return b"\xef\xbb\xbf" + data, kind
    if kind == "cr":
        return (data.replace(b"\n", b"\r") if rng.random() < 0.5 else data.replace(b"\n", b"\r\n")), kind
    if kind == "separator":
        return data[:at] + rng.choice(["\u2028", "\u2029", "\u200b", "\U0001F600", "e\u0301"]).encode() + data[at:], kind
    if kind == "keyword":
        for _ in range(rng.randint(1, 8)):
            at = position(rng, data)
            data = data[:at] + b" " + rng.choice(KEYWORDS) + b" " + data[at:]
        return data, kind
    if kind == "unbalanced":
        opener = rng.choice(OPENERS)
        return data[:at] + opener * rng.choice([20, 50, 200]) + data[at:], f"{kind}{opener!r}"
    start = position(rng, data)
    return data[:start] + data[start + rng.randint(1, 200):], "delete"


def make_input(rng, corpus):
    name, data = rng.choice(corpus)
    applied = []
    for _ in range(rng.randint(1, 3)):
        data, kind = mutate(rng, data, rng.choice(corpus)[1])
        applied.append(kind)
    return name, data, applied


def expected_anchor_findings():
    with open(os.path.join(SAMPLES, ANCHOR, "expected.json")) as f:
        expected = json.load(f)
    items = expected["findings"] if isinstance(expected, dict) else expected
    return sorted({(item["rule"], item["location"]["file"], item["location"]["line"]) for item in items})


def copy_anchor(destination):
    """Copies the untouched sample with each type it declares renamed (`MainCoordinator` →
    `AnchorMainCoordinator`): mutated copies of other samples declare the same names, and a name
    declared twice is ambiguous, which coordlint rightly reports nothing through. Lines stay put."""
    source = os.path.join(SAMPLES, ANCHOR)
    texts = {}
    for directory, _, names in os.walk(source):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as f:
                    texts[os.path.relpath(path, source)] = f.read()
    declared = set()
    for text in texts.values():
        declared.update(re.findall(r"\b(?:class|protocol|struct|enum)\s+([A-Za-z_][A-Za-z0-9_]*)", text))
    pattern = re.compile(r"\b(" + "|".join(sorted(declared)) + r")\b")
    for relative, text in texts.items():
        path = os.path.join(destination, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(pattern.sub(lambda match: "Anchor" + match.group(1), text))


def run_batch(binary, directory, deadline, file_timeout):
    command = [binary, directory, "--format", "json", "--file-timeout", str(file_timeout)]
    started = time.monotonic()
    try:
        # The facts cache stays on (it is the default path), in the batch's own directory, not the user's.
        environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(directory, ".cache"))
        completed = subprocess.run(command, capture_output=True, timeout=deadline, env=environment)
    except subprocess.TimeoutExpired:
        return None, b"", b"", time.monotonic() - started, command
    return completed.returncode, completed.stdout, completed.stderr, time.monotonic() - started, command


def check(returncode, stdout, anchor):
    if returncode is None:
        return "ran past the batch deadline"
    if returncode < 0:
        return f"killed by signal {-returncode}"
    if returncode not in (0, 1):
        return f"exit status {returncode}"
    try:
        report = json.loads(stdout)
    except ValueError as error:
        return f"invalid JSON: {error}"
    found = {(f["rule"], f["location"]["file"], f["location"]["line"]) for f in report.get("findings", [])}
    missing = [(rule, f"{ANCHOR}/{file}", line) for rule, file, line in anchor
               if (rule, f"{ANCHOR}/{file}", line) not in found]
    if missing:
        return f"the untouched sample's findings are missing: {missing}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--coordlint", default=os.path.join(ROOT, ".build", "release", "coordlint"))
    parser.add_argument("--inputs", type=int, default=1000, help="mutated files in all (default: %(default)s)")
    parser.add_argument("--batch", type=int, default=50, help="mutated files a run (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deadline", type=float, default=120, help="seconds a batch may take")
    parser.add_argument("--file-timeout", type=float, default=10, help="passed to coordlint")
    parser.add_argument("--keep", default="/tmp/coordlint-fuzz-failures", help="where failing batches are copied")
    parser.add_argument("--smoke", action="store_true", help="CI's short run: 200 inputs, the debug build, --file-timeout 3")
    arguments = parser.parse_args()
    if arguments.smoke:
        arguments.inputs = 200
        if arguments.file_timeout == parser.get_default("file_timeout"):
            arguments.file_timeout = 3
        if arguments.coordlint == parser.get_default("coordlint"):
            arguments.coordlint = os.path.join(ROOT, ".build", "debug", "coordlint")
    if arguments.inputs < 1 or arguments.batch < 1 or not os.access(arguments.coordlint, os.X_OK):
        print(f"fuzz: needs --inputs, --batch >= 1 and an executable coordlint ({arguments.coordlint})", file=sys.stderr)
        return 2

    rng = random.Random(arguments.seed)
    corpus = sources()
    anchor = expected_anchor_findings()
    batches = (arguments.inputs + arguments.batch - 1) // arguments.batch
    failures, inputs, slowest, started = [], 0, 0.0, time.monotonic()
    kinds = {}
    skipped_lines = 0
    for number in range(batches):
        count = min(arguments.batch, arguments.inputs - inputs)
        with tempfile.TemporaryDirectory(prefix="coordlint-fuzz-") as directory:
            copy_anchor(os.path.join(directory, ANCHOR))
            os.makedirs(os.path.join(directory, "Fuzz"))
            for index in range(count):
                name, data, applied = make_input(rng, corpus)
                for kind in applied:
                    kinds[kind.split("b'")[0].rstrip("0123456789x")] = kinds.get(kind.split("b'")[0].rstrip("0123456789x"), 0) + 1
                stem, extension = os.path.splitext(name)
                with open(os.path.join(directory, "Fuzz", f"{index:03d}_{stem}{extension}"), "wb") as f:
                    f.write(data)
            inputs += count
            returncode, stdout, stderr, seconds, command = run_batch(
                arguments.coordlint, directory, arguments.deadline, arguments.file_timeout)
            slowest = max(slowest, seconds)
            skipped_lines += sum(1 for line in stderr.splitlines() if b"skipped:" in line)
            problem = check(returncode, stdout, anchor)
            if problem:
                kept = os.path.join(arguments.keep, f"seed{arguments.seed}-batch{number:04d}")
                shutil.rmtree(kept, ignore_errors=True)
                shutil.copytree(directory, kept)
                with open(os.path.join(kept, "FAILURE.txt"), "w") as f:
                    f.write(f"{problem}\ncommand: {' '.join(command)}\nstderr:\n{stderr.decode('utf-8', 'replace')[-4000:]}\n")
                failures.append((number, problem, kept))
                print(f"batch {number}: {problem} (kept in {kept})", file=sys.stderr, flush=True)
        if (number + 1) % 20 == 0:
            print(f"fuzz: {inputs} inputs, {len(failures)} failed batches, {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)
    elapsed = time.monotonic() - started
    print(f"fuzz: {inputs} inputs in {batches} batches of up to {arguments.batch}, seed {arguments.seed}, "
          f"{elapsed:.1f} s (slowest batch {slowest:.1f} s)")
    print(f"fuzz: mutations: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"fuzz: files skipped with a warning: {skipped_lines}")
    print(f"fuzz: {batches - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
