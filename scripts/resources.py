#!/usr/bin/env python3
"""Resource bounds: builds hostile projects beside the untouched leaky sample (Samples/
ParentChildStrongParent) and runs coordlint on each, printing exit status, wall time, peak resident
memory (of the supervisor and its worker, from GNU time) and the warnings it printed. Every case
must exit 1 with the sample's finding reported. Cases: a 50 MB Swift file (skipped by the default
--max-file-size, and analyzed with --max-file-size 64 --file-timeout 300), a single 10 MB line, 100,000 files in one
folder, and file names with spaces, a newline, non-ASCII letters and an emoji.

    scripts/resources.py                      # release build; figures go in RELIABILITY.md
    scripts/resources.py --only 100k-files

Exit status 0 when every case passed, 1 otherwise. Needs /usr/bin/time (Debian's `time` package).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANCHOR = os.path.join(ROOT, "Samples", "ParentChildStrongParent", "App")
ANCHOR_FILE = "App/BuyCoordinator.swift"


def big_file(directory):
    unit = "final class Screen{n} {{ var onTap: (() -> Void)?; func show() {{ onTap = {{ [weak self] in self?.show() }} }} }}\n"
    with open(os.path.join(directory, "Big.swift"), "w") as f:
        size, n = 0, 0
        while size < 50 * 1024 * 1024:
            line = unit.format(n=n)
            f.write(line)
            size += len(line)
            n += 1


def long_line(directory):
    with open(os.path.join(directory, "LongLine.swift"), "w") as f:
        f.write("let banner = \"" + "a" * (10 * 1024 * 1024) + "\"\n")
    with open(os.path.join(directory, "LongStatements.swift"), "w") as f:
        f.write("func f() { " + " ".join(f"let v{i} = {i};" for i in range(600_000)) + " }\n")


def many_files(directory):
    folder = os.path.join(directory, "Many")
    os.makedirs(folder)
    for n in range(100_000):
        with open(os.path.join(folder, f"Type{n}.swift"), "w") as f:
            f.write(f"final class Type{n} {{ weak var delegate: AnyObject? }}\n")


def odd_names(directory):
    for name in ["with space.swift", "new\nline.swift", "ünïcödé.swift", "emoji 🚀.swift", "-dash.swift"]:
        with open(os.path.join(directory, name), "w") as f:
            f.write("final class Odd" + str(abs(hash(name)) % 100000) + " {}\n")


CASES = [
    ("50mb-file", big_file, []),
    ("50mb-file-analyzed", big_file, ["--max-file-size", "64", "--file-timeout", "300"]),
    ("10mb-line", long_line, ["--max-file-size", "64"]),
    ("100k-files", many_files, []),
    ("odd-names", odd_names, []),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--coordlint", default=os.path.join(ROOT, ".build", "release", "coordlint"))
    parser.add_argument("--only", action="append")
    arguments = parser.parse_args()
    if not os.access(arguments.coordlint, os.X_OK) or not os.access("/usr/bin/time", os.X_OK):
        parser.error("needs an executable coordlint and /usr/bin/time")
    failures = 0
    for name, build, flags in CASES:
        if arguments.only and name not in arguments.only:
            continue
        directory = tempfile.mkdtemp(prefix=f"coordlint-resources-{name}-")
        try:
            shutil.copytree(ANCHOR, os.path.join(directory, "App"))
            build(directory)
            rss_file = os.path.join(directory, ".rss")
            command = ["/usr/bin/time", "-f", "%M", "-o", rss_file, arguments.coordlint, directory,
                       "--format", "json"] + flags
            started = time.monotonic()
            completed = subprocess.run(command, capture_output=True)
            seconds = time.monotonic() - started
            with open(rss_file) as f:
                rss_mb = int(f.read().strip().splitlines()[-1]) / 1024
            warnings = [line for line in completed.stderr.decode("utf-8", "replace").splitlines()
                        if line.startswith("coordlint: warning:")]
            try:
                files = {f["location"]["file"] for f in json.loads(completed.stdout)["findings"]}
            except ValueError:
                files = set()
            ok = completed.returncode == 1 and ANCHOR_FILE in files
            failures += not ok
            print(f"{name:20} exit {completed.returncode}  {seconds:6.1f} s  peak RSS {rss_mb:7.0f} MB  "
                  f"{'ok' if ok else 'FAILED'}  warnings: {len(warnings)}", flush=True)
            for warning in warnings[:3]:
                print(f"    {warning[:160]}")
        finally:
            shutil.rmtree(directory, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
