# Quick start: `make run` analyzes a bundled sample, `make test` runs every test.
# Each installs what it needs first (scripts/setup.sh).
SAMPLE ?= Samples/ParentChildStrongParent

.PHONY: setup build run test release clean

setup:
	@scripts/setup.sh

build: setup
	swift build

# coordlint exits 1 when it finds leaks, which the leaky sample has: that is not a failure here.
run: build
	@.build/debug/coordlint $(SAMPLE); status=$$?; [ $$status -le 1 ]

# The fuzz smoke (scripts/fuzz.py --smoke) runs mutated Samples through the debug build: no crash, no stall.
test: setup
	swift test
	python3 scripts/fuzz.py --smoke

release: setup
	swift build -c release

clean:
	rm -rf .build
