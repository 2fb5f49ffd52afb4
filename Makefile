# Questline: `make run` builds and starts the platform; `make test` installs what the tests need and runs them all.
# The build order is OpenAPI document → TypeScript client → web app → release binary (which embeds the web app).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
RELEASE_BIN := target/release/questline
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

web-build: web-deps
	cd web && $(NPM) run -s build

# The Stripe stand-in (test-support/stripe-stand-in) is built beside the server: the browser journey starts it.
release: web-build
	$(CARGO) build --release -p questline-server -p questline-stripe-stand-in

## --- test ----------------------------------------------------------------------------------------------------

test: test-setup lint web-build rust-test web-test e2e contract
	@echo "make test: every step passed"

test-setup: web-deps oidc-provider-deps
	scripts/ensure-chromium.sh

lint: web-deps
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets --locked $(TEST_FEATURES) -- -D warnings
	cd web && $(NPM) run -s check:api
	cd web && $(NPM) run -s typecheck
	cd web && $(NPM) run -s lint
	cd web && $(NPM) run -s format:check

# Every integration test runs on SQLite and on PostgreSQL (a throwaway cluster is started when none answers).
# The web app is built first: the test build of the server (which the journeys run) reads web/dist at run time only
# if the folder was there when it was compiled.
rust-test: oidc-provider-deps web-build
	pg_url=$$(scripts/ensure-postgres.sh); \
	if $(CARGO) nextest --version >/dev/null 2>&1; then \
		QUESTLINE_TEST_POSTGRES_URL="$$pg_url" $(CARGO) nextest run --workspace --locked --no-fail-fast $(TEST_FEATURES); \
		$(CARGO) test --workspace --locked --doc $(TEST_FEATURES); \
	else \
		QUESTLINE_TEST_POSTGRES_URL="$$pg_url" $(CARGO) test --workspace --locked --no-fail-fast $(TEST_FEATURES); \
	fi

web-test: web-build
	cd web && $(NPM) run -s test && $(NPM) run -s check:bundle

# The journeys and the contract test run the test build of the server, the one `rust-test` has just built (a debug
# build with optimised dependencies; it reads the web app from web/dist at run time): a release build of every
# dependency again would cost CI about ten minutes for no test it adds. `make run` still builds the release binary.
TEST_BIN := target/debug/questline
test-bin: web-build
	$(CARGO) build --workspace --all-targets --locked $(TEST_FEATURES)

# Playwright drives Debian's Chromium against the server, which serves the freshly built web app.
e2e: web-build test-bin
	cd web && QUESTLINE_BIN=../$(TEST_BIN) $(NPM) run -s e2e

# schemathesis against docs/openapi.json and the server (a virtual environment under target/ holds it).
contract: test-bin
	scripts/contract-test.sh $(TEST_BIN)

clean:
	rm -rf target web/dist web/test-results data
