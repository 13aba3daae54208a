# Every target creates .venv if missing and installs what it needs.
PY := .venv/bin/python
PIP := .venv/bin/pip
TORCH := torch==2.13.0

.PHONY: test test-compiled uncompile demo bench lint docs install-dev clean

.venv/bin/python:
	python3 -m venv .venv
	$(PIP) install -q --upgrade pip

# torch is pinned in the train extra; pip takes that build from this disk.
# (installed editable as pure Python, the reference build; `.venv/.compiled` builds the
# compiled modules in place beside their sources, as `pip install .` builds them)
.venv/.dev: .venv/bin/python pyproject.toml
	$(PIP) install -q "$(TORCH)"
	ZOMBIE_ENVS_COMPILE=0 $(PIP) install -q -e ".[dev,train,openspiel,web,rllib]"
	touch $@

# the compiled build (zombie_envs/compiled.py): mypyc's extensions beside their
# sources, which Python loads before them; without a C compiler setup.py says so and
# the pure sources stay in use
COMPILED_SOURCES := $(shell grep -o '"zombie_envs/[^"]*\.py"' zombie_envs/compiled.py | tr -d '"')
.venv/.compiled: .venv/.dev setup.py zombie_envs/compiled.py $(COMPILED_SOURCES)
	$(PY) setup.py -q build_ext --inplace
	touch $@

# the browser tests drive the system's Chromium (Playwright downloads no browser
# here); only `make test` needs it, not the demo
.venv/.browser: .venv/bin/python
	command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		{ apt-get update -q && apt-get install -y -q chromium; } || \
		echo "chromium could not be installed: the browser tests will be skipped"
	touch $@

install-dev: .venv/.dev

# every test on both builds: the pure one (the reference), then the compiled one
test: .venv/.dev .venv/.browser
	$(UNCOMPILE)
	$(PY) -m pytest -q -x -p no:cacheprovider
	$(MAKE) test-compiled

# (no $(MAKE) on a line that does work: make -n runs such lines, so a dry run would test)
UNCOMPILE := find . -path ./.venv -prune -o -name '*.so' -print | xargs rm -f; rm -f .venv/.compiled

test-compiled: .venv/.compiled .venv/.browser
	ZOMBIE_ENVS_COMPILED=1 $(PY) -m pytest -q -x -p no:cacheprovider

uncompile:
	$(UNCOMPILE)

demo: .venv/.compiled
	$(PY) -m zombie_envs.cli demo --out out/demo

bench: .venv/.dev
	$(PY) benchmarks/bench_compiled.py
	$(PY) benchmarks/bench_envs.py
	$(PY) benchmarks/bench_training.py

lint: .venv/.dev
	.venv/bin/ruff check zombie_envs tests benchmarks setup.py
	.venv/bin/ruff format --check zombie_envs tests benchmarks setup.py
	$(PY) -m mypy $$($(PY) -c "from zombie_envs.compiled import MODULES; print(*MODULES)")

docs: .venv/.dev
	$(PY) -m zombie_envs.docgen --write

clean: uncompile
	rm -rf .venv out
