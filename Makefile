# Every target creates .venv if missing and installs what it needs.
PY := .venv/bin/python
PIP := .venv/bin/pip
TORCH := torch==2.13.0

.PHONY: test test-compiled uncompile demo bench lint docs install-dev clean

.venv/bin/python:
	python3 -m venv .venv
	$(PIP) install -q --upgrade pip

# torch is pinned in the train extra; pip takes that build from this disk.
.venv/.dev: .venv/bin/python pyproject.toml
	$(PIP) install -q "$(TORCH)"
	$(PIP) install -q -e ".[dev,train,openspiel,web,rllib]"
	touch $@

# the browser tests drive the system's Chromium (Playwright downloads no browser
# here); only `make test` needs it, not the demo
.venv/.browser: .venv/bin/python
	command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		{ apt-get update -q && apt-get install -y -q chromium; } || \
		echo "chromium could not be installed: the browser tests will be skipped"
	touch $@

install-dev: .venv/.dev

test: .venv/.dev .venv/.browser
	$(PY) -m pytest -q -x -p no:cacheprovider
	$(MAKE) test-compiled

# the optional compiled build (zombie_envs/compiled.py): its extensions built in
# place beside their sources, the tests of what they hold run on them, then removed
COMPILED_TESTS := tests/core/test_compiled.py tests/core/test_walls.py tests/core/test_maptext.py \
	tests/core/test_bytes_stable.py tests/core/test_story_stable.py \
	tests/games/maul_of_america tests/games/zombies_mall_walkers

# (no $(MAKE) on a line that does work: make -n runs such lines, so a dry run would test)
UNCOMPILE := find . -path ./.venv -prune -o -name '*.so' -print | xargs rm -f

test-compiled: .venv/.dev
	ZOMBIE_ENVS_COMPILE=1 $(PY) setup.py -q build_ext --inplace
	ZOMBIE_ENVS_COMPILED=1 $(PY) -m pytest -q -x -p no:cacheprovider $(COMPILED_TESTS); \
		status=$$?; $(UNCOMPILE); exit $$status

uncompile:
	$(UNCOMPILE)

demo: .venv/.dev
	$(PY) -m zombie_envs.cli demo --out out/demo

bench: .venv/.dev
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
