# Every target creates .venv if missing and installs what it needs.
PY := .venv/bin/python
PIP := .venv/bin/pip
TORCH := torch==2.13.0

.PHONY: test demo bench lint docs install-dev install-train clean

.venv/bin/python:
	python3 -m venv .venv
	$(PIP) install -q --upgrade pip

.venv/.dev: .venv/bin/python pyproject.toml
	$(PIP) install -q -e ".[dev]"
	touch $@

install-dev: .venv/.dev

test: .venv/.dev
	$(PY) -m pytest -q -x -p no:cacheprovider

demo: .venv/.dev
	$(PY) -m zombie_envs.cli demo --games 500 --out out/demo

bench: .venv/.dev
	$(PY) benchmarks/bench_envs.py

lint: .venv/.dev
	.venv/bin/ruff check zombie_envs tests benchmarks training
	.venv/bin/ruff format --check zombie_envs tests benchmarks training

docs: .venv/.dev
	$(PY) -m zombie_envs.docgen --write

clean:
	rm -rf .venv out
