# Questline: `make run` builds and starts the platform; `make test` installs what the tests need and runs them all.
# The build order is OpenAPI document → TypeScript client → web app → release binary (which embeds the web app).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
# Cargo's output folder: CARGO_TARGET_DIR when set (.ci/run keeps one between runs), else ./target.
TARGET_DIR := $(abspath $(or $(CARGO_TARGET_DIR),target))
RELEASE_BIN := $(TARGET_DIR)/release/questline
# Test builds carry the crash points of the crash-recovery tests (crates/server/src/failpoints.rs); releases never do.
TEST_FEATURES := --features questline-server/failpoints
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CARGO_TERM_COLOR := never

.PHONY: help run test test-bin web-deps oidc-provider-deps web-build openapi check-openapi release lint rust-test web-test e2e contract test-setup clean

help:
	@echo "make run    build the web app and the server, start Questline on http://localhost:$${PORT:-8080}"
	@echo "make test   install what the tests need and run every test"
	@echo "make openapi regenerate docs/openapi.json and the web client after changing the API"

# An empty database gets the demo world first (12 game masters, 40 series); QUESTLINE_DEMO_DATA=0 skips it. Only this
# target and the explicit `questline demo-data` command load it: `questline serve` never does.
run: release
	@if [ "$${QUESTLINE_DEMO_DATA:-1}" != "0" ]; then $(RELEASE_BIN) demo-data --if-empty; fi
	$(RELEASE_BIN) serve

## --- build ---------------------------------------------------------------------------------------------------

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

web-deps: web/node_modules/.package-lock.json

# The real OpenID Connect provider the Rust tests and the Playwright journey sign in with (npm `oidc-provider`).
test-support/oidc-provider/node_modules/.package-lock.json: test-support/oidc-provider/package-lock.json
	cd test-support/oidc-provider && $(NPM) ci --no-audit --no-fund
	@touch $@

oidc-provider-deps: test-support/oidc-provider/node_modules/.package-lock.json

# The document comes from the handlers (no database or web build needed); the TypeScript client from the document.
openapi: web-deps
	$(CARGO) run -q -p questline-server -- openapi > docs/openapi.json
	cd web && $(NPM) run -s gen:api

# The web app is built again only when its sources, lock file or config changed (a stamp file), and a build that
# produces the same files leaves web/dist untouched (scripts/sync-dist.mjs), so the binary that embeds it is not
# compiled again for nothing.
WEB_STAMP := web/node_modules/.questline-web-built
WEB_INPUTS := $(shell find web/src web/public web/index.html web/package-lock.json web/vite.config.ts web/tsconfig*.json \
	web/scripts/sync-dist.mjs docs/openapi.json -type f 2>/dev/null)
$(WEB_STAMP): web/node_modules/.package-lock.json $(WEB_INPUTS)
	cd web && $(NPM) run -s build
	@touch $@

web-build: web-deps
	@if [ ! -f web/dist/index.html ]; then rm -f $(WEB_STAMP); fi
	@$(MAKE) --no-print-directory $(WEB_STAMP)

# The Stripe stand-in (test-support/stripe-stand-in) is built beside the server: the browser journey starts it.
release: web-build
	$(CARGO) build --release -p questline-server -p questline-stripe-stand-in

## --- test ----------------------------------------------------------------------------------------------------

test: test-setup lint test-bin rust-test web-test e2e contract
	@echo "make test: every step passed"

test-setup: web-deps oidc-provider-deps
	scripts/ensure-chromium.sh
	scripts/ensure-nginx.sh

# Clippy lints the workspace while it is compiled for the tests (test-bin), instead of a second, check-only build of
# everything: RUSTC_WORKSPACE_WRAPPER is how `cargo clippy` itself runs it, and CLIPPY_ARGS carries `-D warnings`.
CLIPPY_BUILD := RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
lint: web-deps
	$(CARGO) fmt --all --check
	cd web && $(NPM) run -s check:api
	cd web && $(NPM) run -s typecheck
	cd web && $(NPM) run -s lint
	cd web && $(NPM) run -s format:check

# Every integration test runs on SQLite and on PostgreSQL (a throwaway cluster is started when none answers).
# The web app is built first: the test build of the server (which the journeys run) reads web/dist at run time only
# if the folder was there when it was compiled.
rust-test: oidc-provider-deps test-bin
	pg_url=$$(scripts/ensure-postgres.sh); \
	if $(CARGO) nextest --version >/dev/null 2>&1; then \
		QUESTLINE_TEST_POSTGRES_URL="$$pg_url" $(CLIPPY_BUILD) $(CARGO) nextest run --workspace --locked --no-fail-fast $(TEST_FEATURES); \
		$(CLIPPY_BUILD) $(CARGO) test --workspace --locked --doc $(TEST_FEATURES); \
	else \
		QUESTLINE_TEST_POSTGRES_URL="$$pg_url" $(CLIPPY_BUILD) $(CARGO) test --workspace --locked --no-fail-fast $(TEST_FEATURES); \
	fi

web-test: web-build
	cd web && $(NPM) run -s test && $(NPM) run -s check:bundle

# The journeys and the contract test run the test build of the server, the one `rust-test` has just built (a debug
# build with optimised dependencies; it reads the web app from web/dist at run time): a release build of every
# dependency again would cost CI about ten minutes for no test it adds. `make run` still builds the release binary.
TEST_BIN := $(TARGET_DIR)/debug/questline
test-bin: web-build
	$(CLIPPY_BUILD) $(CARGO) build --workspace --all-targets --locked $(TEST_FEATURES)

# Playwright drives Debian's Chromium against the server, which serves the freshly built web app.
e2e: web-build test-bin
	cd web && QUESTLINE_BIN=$(TEST_BIN) $(NPM) run -s e2e

# schemathesis against docs/openapi.json and the server (a virtual environment in the target folder holds it).
contract: test-bin
	scripts/contract-test.sh $(TEST_BIN)

clean:
	rm -rf target web/dist web/test-results data $(WEB_STAMP)
