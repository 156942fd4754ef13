#!/usr/bin/env python3
"""Determinism on real apps: runs release coordlint on each dev-corpus app (the checkouts
scripts/realworld.py materialized under --work) with --jobs 1, 2 and 8, twice each, without the facts
cache and then with it (a cold run that fills it and a warm run that reads it), and checks that every
JSON report is byte-identical. Prints one line per app (runs, distinct outputs, findings, seconds) and
exits 1 when any app gave two different reports, 2 for bad arguments or a missing checkout (run
scripts/realworld.py first). Python 3 standard library only; one coordlint at a time.

    scripts/determinism.py
    scripts/determinism.py --only Automattic/simplenote-ios --jobs 1 4
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, checkout, jobs, cache):
    command = [binary, checkout, "--format", "json", "--quiet", "--jobs", str(jobs)]
    command += ["--cache-path", cache] if cache else ["--no-cache"]
    completed = subprocess.run(command, capture_output=True)
    if completed.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {completed.returncode}: {completed.stderr[-500:]!r}")
    return completed.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--coordlint", default=os.path.join(ROOT, ".build", "release", "coordlint"))
    parser.add_argument("--work", default="/tmp/coordlint-realworld", help="realworld.py's checkout cache")
    parser.add_argument("--corpus", default=os.path.join(ROOT, "scripts", "corpus.json"))
    parser.add_argument("--only", action="append", metavar="REPO")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 8])
    parser.add_argument("--repeat", type=int, default=2)
    arguments = parser.parse_args()
    if not os.access(arguments.coordlint, os.X_OK):
        parser.error(f"no coordlint binary at {arguments.coordlint}")
    with open(arguments.corpus) as f:
        corpus = json.load(f)
    differing = 0
    print(f"{'repo':36} {'runs':>4} {'distinct':>8} {'findings':>8} {'seconds':>8}")
    for app in corpus:
        if arguments.only and app["repo"] not in arguments.only:
            continue
        checkout = os.path.join(arguments.work, app["repo"].replace("/", "+"), app["commit"])
        if not os.path.isdir(checkout):
            print(f"determinism: no checkout {checkout}; run scripts/realworld.py first", file=sys.stderr)
            return 2
        started = time.monotonic()
        outputs = []
        for jobs in arguments.jobs:
            for _ in range(arguments.repeat):
                outputs.append(run(arguments.coordlint, checkout, jobs, None))
            cache = tempfile.mkdtemp(prefix="coordlint-determinism-cache-")
            try:
                for _ in range(arguments.repeat):  # the first fills the cache, the others read it
                    outputs.append(run(arguments.coordlint, checkout, jobs, cache))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
        digests = {hashlib.sha256(output).hexdigest() for output in outputs}
        findings = len(json.loads(outputs[0])["findings"])
        differing += len(digests) > 1
        print(f"{app['repo']:36} {len(outputs):>4} {len(digests):>8} {findings:>8} {time.monotonic() - started:>8.1f}",
              flush=True)
    print(f"determinism: {'every report byte-identical' if not differing else f'{differing} apps differ'}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
