#!/usr/bin/env python3
"""coordlint benchmark: generates realistic synthetic Coordinator-pattern apps (Swift and Objective-C,
with a known set of planted leaks) at about 10k, 100k and 1M lines, runs a release coordlint on each,
and prints wall time, CPU time, peak RSS, lines/s, the ratio to a parse-only pass, the warm re-run
after one changed file, and whether every planted leak was reported.

    scripts/bench.py                      # all three sizes (builds coordlint in release first)
    scripts/bench.py --sizes 10000        # one size
    scripts/bench.py --jobs 1             # one core

Timing lives here, never in unit tests. Figures go into BENCHMARKS.md by hand.
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

# Leak kinds planted every PLANT_EVERY features, in rotation: (rule, file suffix where it is reported).
PLANT_EVERY = 20
LEAKS = [
    ("strong_coordinator_reference", "ViewController.swift"),
    ("closure_capture_cycle", "Coordinator.swift"),
    ("strong_delegate", "ViewController.swift"),
    ("child_never_removed", "Coordinator.swift"),
    ("child_not_retained", "Coordinator.swift"),
    ("strong_coordinator_reference", "LegacyViewController.h"),
]


def swift_coordinator(i, leak):
    never_removed = leak == "child_never_removed"
    not_retained = leak == "child_not_retained"
    closure_leak = leak == "closure_capture_cycle"
    child = f"Feature{i}DetailCoordinator"
    removal = "" if never_removed else f"""
    func childDidFinish(_ child: Coordinator) {{
        childCoordinators.removeAll {{ $0 === child }}
    }}
"""
    start_child = f"""
        let detail = {child}(navigationController: navigationController)
        detail.start()
""" if not_retained else f"""
        let detail = {child}(navigationController: navigationController)
        detail.parent = self
        childCoordinators.append(detail)
        detail.start()
"""
    # A screen's strong back-reference is a cycle only when the coordinator keeps the navigation stack
    # the screen is on: those features own their navigation controller.
    owns_stack = leak in ("strong_coordinator_reference", "strong_delegate", "strong_coordinator_reference_objc")
    navigation = "let navigationController" if owns_stack else "unowned let navigationController"
    # A child that hands itself to its parent may be kept by it: the unretained one does not.
    finish = "" if not_retained else f"""
    func finish() {{
        parent?.childDidFinish(self)
    }}
"""
    opening = "{" if closure_leak else "{ [weak self] in"
    on_finish = "self.showDetail(id: 0)" if closure_leak else "self?.showDetail(id: 0)"
    legacy = f"""
    func showLegacy() {{
        let legacy = Feature{i}LegacyViewController()
        legacy.coordinator = self
        navigationController.pushViewController(legacy, animated: true)
    }}
""" if i % 5 == 0 else ""
    return f"""import Combine
import UIKit

final class Feature{i}Coordinator: Coordinator {{
    var childCoordinators: [Coordinator] = []
    {navigation}: UINavigationController
    private var cancellables = Set<AnyCancellable>()
    private let service = Feature{i}Service()
    private var viewModel: Feature{i}ViewModel?

    init(navigationController: UINavigationController) {{
        self.navigationController = navigationController
    }}

    func start() {{
        let viewModel = Feature{i}ViewModel(service: service)
        viewModel.router = self
        let viewController = Feature{i}ViewController(viewModel: viewModel)
        viewController.coordinator = self
        viewController.delegate = self
        viewController.onSelect = {{ [weak self] id in
            self?.showDetail(id: id)
        }}
        viewModel.onFinish = {opening}
            {on_finish}
        }}
        self.viewModel = viewModel
        viewModel.events
            .receive(on: DispatchQueue.main)
            .sink {{ [weak self] event in self?.handle(event) }}
            .store(in: &cancellables)
        navigationController.pushViewController(viewController, animated: true)
    }}

    func showDetail(id: Int) {{{start_child}    }}

    private func handle(_ event: Feature{i}Event) {{
        switch event {{
        case .refresh:
            service.reload()
        case .open(let id):
            showDetail(id: id)
        case .close:
            navigationController.popViewController(animated: true)
        }}
    }}
{removal}{legacy}}}

extension Feature{i}Coordinator: Feature{i}ViewControllerDelegate, Feature{i}Routing {{
    func viewControllerDidClose(_ viewController: Feature{i}ViewController) {{
        navigationController.popViewController(animated: true)
    }}

    func routeToSettings() {{
        let settings = UIViewController()
        settings.title = "Settings {i}"
        navigationController.present(settings, animated: true) {{
            self.service.reload()
        }}
    }}
}}

final class {child}: Coordinator {{
    var childCoordinators: [Coordinator] = []
    weak var parent: Feature{i}Coordinator?
    unowned let navigationController: UINavigationController

    init(navigationController: UINavigationController) {{
        self.navigationController = navigationController
    }}

    func start() {{
        let viewController = UIViewController()
        viewController.title = "Detail {i}"
        navigationController.present(viewController, animated: true)
    }}
{finish}}}
"""


def swift_view_controller(i, leak):
    coordinator = "var coordinator" if leak == "strong_coordinator_reference" else "weak var coordinator"
    delegate = "var delegate" if leak == "strong_delegate" else "weak var delegate"
    rows = "\n".join(
        f"""    private func configureRow{r}(_ cell: UITableViewCell, value: Int) {{
        let title = "Row {r} of feature {i}: " + String(value)
        cell.textLabel?.text = title
        cell.accessoryType = value % 2 == 0 ? .disclosureIndicator : .none
        if value > {r * 3} {{
            cell.detailTextLabel?.text = String(value * {r + 1})
        }}
    }}
""" for r in range(4))
    return f"""import UIKit

protocol Feature{i}ViewControllerDelegate: AnyObject {{
    func viewControllerDidClose(_ viewController: Feature{i}ViewController)
}}

final class Feature{i}ViewController: UIViewController, UITableViewDataSource {{
    {coordinator}: Feature{i}Coordinator?
    {delegate}: Feature{i}ViewControllerDelegate?
    var onSelect: ((Int) -> Void)?
    private let viewModel: Feature{i}ViewModel
    private let tableView = UITableView()

    init(viewModel: Feature{i}ViewModel) {{
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }}

    required init?(coder: NSCoder) {{ fatalError("init(coder:) has not been implemented") }}

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Feature {i}"
        tableView.dataSource = self
        view.addSubview(tableView)
        let items = viewModel.items.filter {{ $0 > 0 }}.map {{ $0 * 2 }}
        UIView.animate(withDuration: 0.25) {{
            self.tableView.alpha = items.isEmpty ? 0 : 1
        }}
    }}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        viewModel.items.count
    }}

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = UITableViewCell()
        let value = viewModel.items[indexPath.row]
        switch indexPath.row % 4 {{
        case 0: configureRow0(cell, value: value)
        case 1: configureRow1(cell, value: value)
        case 2: configureRow2(cell, value: value)
        default: configureRow3(cell, value: value)
        }}
        return cell
    }}

    func select(_ index: Int) {{
        onSelect?(viewModel.items[index])
    }}

    @objc private func closeTapped() {{
        delegate?.viewControllerDidClose(self)
    }}

{rows}}}
"""


def swift_view_model(i):
    return f"""import Combine
import Foundation

protocol Feature{i}Routing: AnyObject {{
    func routeToSettings()
}}

enum Feature{i}Event {{
    case refresh
    case open(Int)
    case close
}}

final class Feature{i}Service {{
    private(set) var cache: [Int: String] = [:]

    func reload() {{
        for key in 0..<10 {{
            cache[key] = "value-" + String(key * {i})
        }}
    }}

    func fetch(_ completion: @escaping ([Int]) -> Void) {{
        DispatchQueue.global().async {{
            completion(Array(0..<20))
        }}
    }}
}}

final class Feature{i}ViewModel {{
    @Published private(set) var items: [Int] = []
    let events = PassthroughSubject<Feature{i}Event, Never>()
    weak var router: Feature{i}Routing?
    var onFinish: (() -> Void)?
    private let service: Feature{i}Service

    init(service: Feature{i}Service) {{
        self.service = service
    }}

    func load() {{
        service.fetch {{ [weak self] values in
            guard let self else {{ return }}
            self.items = values.sorted {{ $0 < $1 }}
            self.events.send(.refresh)
        }}
    }}

    func total() -> Int {{
        items.reduce(0) {{ $0 + $1 }}
    }}

    func didTapSettings() {{
        router?.routeToSettings()
    }}

    func summary() -> String {{
        let visible = items.prefix(5).map {{ String($0) }}.joined(separator: ", ")
        return "Feature {i}: " + visible + " (" + String(total()) + ")"
    }}
}}
"""


def objc_files(i, leak):
    ownership = "strong" if leak == "strong_coordinator_reference_objc" else "weak"
    header = f"""#import <UIKit/UIKit.h>

@class Feature{i}Coordinator;

@interface Feature{i}LegacyViewController : UIViewController
@property (nonatomic, {ownership}) Feature{i}Coordinator *coordinator;
@property (nonatomic, copy) void (^onDone)(void);
@property (nonatomic, strong) NSMutableArray<NSString *> *titles;
- (void)reloadTitles;
@end
"""
    implementation = f"""#import "Feature{i}LegacyViewController.h"

@implementation Feature{i}LegacyViewController

- (void)viewDidLoad {{
    [super viewDidLoad];
    self.title = @"Legacy {i}";
    self.titles = [NSMutableArray array];
    __weak typeof(self) weakSelf = self;
    self.onDone = ^{{
        [weakSelf reloadTitles];
    }};
    [self reloadTitles];
}}

- (void)reloadTitles {{
    [self.titles removeAllObjects];
    for (NSInteger index = 0; index < 10; index++) {{
        [self.titles addObject:[NSString stringWithFormat:@"%ld", (long)index]];
    }}
}}

- (void)viewDidDisappear:(BOOL)animated {{
    [super viewDidDisappear:animated];
    if (self.onDone) {{
        self.onDone();
    }}
}}

@end
"""
    return header, implementation


PROTOCOL = """import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}
"""


def generate(directory, target_lines):
    """Writes features until the project has about target_lines lines; returns (lines, planted)."""
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    planted = set()
    total = 0

    def write(name, text):
        nonlocal total
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        total += text.count("\n")

    write("App/Coordinator.swift", PROTOCOL)
    i = 0
    leak_index = 0
    while total < target_lines:
        i += 1
        leak = None
        if i % PLANT_EVERY == 0:
            leak, suffix = LEAKS[leak_index % len(LEAKS)]
            leak_index += 1
            if suffix.endswith(".h"):
                if i % 5 != 0:  # the Objective-C screen exists on every fifth feature
                    leak = None
                else:
                    leak = "strong_coordinator_reference_objc"
                    planted.add(("strong_coordinator_reference", f"Legacy/Feature{i}LegacyViewController.h"))
            if leak and leak != "strong_coordinator_reference_objc":
                file = f"App/Feature{i}/Feature{i}{suffix}"
                planted.add((LEAKS[(leak_index - 1) % len(LEAKS)][0], file))
        write(f"App/Feature{i}/Feature{i}Coordinator.swift", swift_coordinator(i, leak))
        write(f"App/Feature{i}/Feature{i}ViewController.swift", swift_view_controller(i, leak))
        write(f"App/Feature{i}/Feature{i}ViewModel.swift", swift_view_model(i))
        if i % 5 == 0:
            header, implementation = objc_files(i, leak)
            write(f"Legacy/Feature{i}LegacyViewController.h", header)
            write(f"Legacy/Feature{i}LegacyViewController.m", implementation)
    return total, planted


def run(arguments, cwd=None):
    """Runs a command; returns (stdout, wall seconds, cpu seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    stdout = process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    process.stderr.read()
    wall = time.perf_counter() - start
    return stdout, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def best(arguments, repeat):
    results = [run(arguments) for _ in range(repeat)]
    return min(results, key=lambda r: r[1])


def source_lines(directory):
    """Lines of the Swift and Objective-C sources coordlint reads, and how many of them are Objective-C."""
    total = objc = files = objc_files = 0
    for root, _, names in os.walk(directory):
        for name in names:
            if name.endswith((".swift", ".h", ".m", ".mm")):
                with open(os.path.join(root, name), "rb") as f:
                    count = f.read().count(b"\n")
                total += count
                files += 1
                if not name.endswith(".swift"):
                    objc += count
                    objc_files += 1
    return total, objc, files, objc_files


def first_swift_file(directory):
    """The first .swift file in sorted walk order: the file the warm re-run changes."""
    for root, dirs, names in sorted(os.walk(directory)):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".swift"):
                return os.path.join(root, name)
    return None


def measure_apps(binary, directories, jobs, repeat, work):
    """Real apps: the full analysis against a parse-only pass of the same files (the floor), best of
    `repeat`, the phases of one more run (COORDLINT_TIMING), and the facts cache: a cold run filling an
    empty cache, a warm run with nothing changed, and a warm run after one file changed (a comment
    appended to the first Swift file, taken out again afterwards), each against the uncached run."""
    print(f"machine: {os.cpu_count()} cores; coordlint --jobs {jobs}; best of {repeat}")
    print(f"{'app':<34} {'lines':>8} {'ObjC':>7} {'parse s':>8} {'full s':>7} {'ratio':>6} {'RSS MiB':>8} "
          f"{'frontends s':>12} {'program s':>10} {'cold+cache s':>13} {'warm s':>7} {'1 changed s':>12} {'warm %':>7}")
    for directory in directories:
        lines, objc, _, _ = source_lines(directory)
        common = [binary, "--quiet", "--jobs", str(jobs)]
        _, parse_wall, _, _ = best(common + ["--parse-only", directory], repeat)
        _, full_wall, _, rss = best(common + ["--no-cache", "--format", "json", directory], repeat)
        timed = subprocess.run(common + ["--no-cache", "--format", "json", directory], capture_output=True,
                               env={**os.environ, "COORDLINT_TIMING": "1"}).stderr.decode()
        phases = {line.split(" s ")[1].split(" (")[0]: float(line.split()[1])
                  for line in timed.splitlines() if line.startswith("coordlint: ") and " s " in line}
        cache = os.path.join(work, "cache-app")
        cached = common + ["--cache-path", cache, "--format", "json", directory]
        cold = []
        for _ in range(repeat):
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(run(cached)[1])
        _, warm_wall, _, _ = best(cached, repeat)
        touched = first_swift_file(directory)
        with open(touched, "rb") as f:
            original = f.read()
        changed = []
        try:
            for attempt in range(repeat):
                with open(touched, "wb") as f:
                    f.write(original + f"\n// touched {attempt}\n".encode())
                changed.append(run(cached)[1])
        finally:
            with open(touched, "wb") as f:
                f.write(original)
        name = os.path.basename(os.path.dirname(directory.rstrip("/"))) or directory
        print(f"{name[:34]:<34} {lines:>8} {objc:>7} {parse_wall:>8.2f} {full_wall:>7.2f} {full_wall / parse_wall:>6.2f} "
              f"{rss:>8.0f} {phases.get('frontends', 0):>12.2f} {phases.get('program', 0):>10.2f} "
              f"{min(cold):>13.2f} {warm_wall:>7.2f} {min(changed):>12.2f} {100 * min(changed) / full_wall:>6.0f}%")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "coordlint-bench"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--binary", help="measure this coordlint executable (implies --no-build)")
    parser.add_argument("--apps", nargs="+", metavar="DIR",
                        help="measure these checked-out apps against their parse floor instead of generated ones")
    options = parser.parse_args()

    if not options.no_build and not options.binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "coordlint"], cwd=ROOT, check=True)
    binary = options.binary or os.path.join(ROOT, ".build", "release", "coordlint")
    if options.apps:
        measure_apps(binary, options.apps, options.jobs, options.repeat, options.work)
        return
    print(f"machine: {os.cpu_count()} cores; coordlint --jobs {options.jobs}; best of {options.repeat}")
    print(f"{'lines':>9} {'files':>6} {'parse s':>8} {'full s':>7} {'ratio':>6} {'cpu s':>6} {'RSS MiB':>8} "
          f"{'lines/s':>10} {'warm s':>7} {'warm %':>7} {'ObjC files/s':>13} {'no stubs':>9} {'leaks':>9}")
    previous = None
    failed = False
    for size in [int(s) for s in options.sizes.split(",")]:
        directory = os.path.join(options.work, str(size))
        lines, planted = generate(directory, size)
        files = sum(len(f) for _, _, f in os.walk(directory))
        cache = os.path.join(options.work, f"cache-{size}")
        shutil.rmtree(cache, ignore_errors=True)
        common = [binary, "--quiet", "--jobs", str(options.jobs)]
        _, parse_wall, _, _ = best(common + ["--parse-only", directory], options.repeat)
        out, full_wall, cpu, rss = best(common + ["--no-cache", "--format", "json", directory], options.repeat)
        report = json.loads(out)
        found = {(f["rule"], f["location"]["file"]) for f in report["findings"]}
        missing = planted - found
        extra = found - planted
        # Warm re-run: fill the cache, change one file, run again.
        run(common + ["--cache-path", cache, directory])
        touched = os.path.join(directory, "App", "Feature1", "Feature1ViewModel.swift")
        with open(touched, "a") as f:
            f.write("\n// touched\n")
        _, warm_wall, _, _ = run(common + ["--cache-path", cache, directory])
        # Objective-C parse throughput, with and without the stub headers.
        objc_dir = os.path.join(directory, "Legacy")
        objc_files = len(os.listdir(objc_dir))
        _, objc_wall, _, _ = best(common + ["--parse-only", objc_dir], options.repeat)
        _, objc_nostub_wall, _, _ = best(common + ["--parse-only", "--no-sdk-stubs", objc_dir], options.repeat)
        leaks = f"{len(planted) - len(missing)}/{len(planted)}"
        print(f"{lines:>9} {files:>6} {parse_wall:>8.2f} {full_wall:>7.2f} {full_wall / parse_wall:>6.2f} {cpu:>6.2f} "
              f"{rss:>8.0f} {lines / full_wall:>10.0f} {warm_wall:>7.2f} {100 * warm_wall / full_wall:>6.0f}% "
              f"{objc_files / objc_wall:>13.0f} {objc_files / objc_nostub_wall:>9.0f} {leaks:>9}")
        if previous:
            print(f"{'':>9} growth: {lines / previous[0]:.1f}x lines -> {full_wall / previous[1]:.2f}x time")
        previous = (lines, full_wall)
        if missing:
            failed = True
            print(f"  MISSING planted leaks: {sorted(missing)[:5]}")
        if extra:
            print(f"  unexpected findings: {len(extra)}, e.g. {sorted(extra)[:3]}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
