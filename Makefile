PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint bench-dev clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,server,mcp,postgres,bench]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m ripplemem.demo

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy src/ripplemem

test: lint
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
