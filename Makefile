# dbgsh: one hand-written Makefile.
#
#   make            build ./dbgsh (objects under build/)
#   make run        install what is missing, build, start dbgsh
#   make test       install what is missing, build, run every test
#   make check      the tests under AddressSanitizer + UndefinedBehaviorSanitizer
#   make tsan       the tests under ThreadSanitizer
#   make gcstress   the script tests on a GC-stress VM, under ASan + UBSan
#   make bench      benchmarks against erl, measured in the same run
#   make fuzz       each fuzz target FUZZ_SECONDS (default 60) under libFuzzer,
#                   ASan and UBSan (FUZZ_TARGETS="ext read" picks some)
#   make install    PREFIX=/usr/local: binary, man page, completions
#   make clean
#
# WERROR=1 turns warnings into errors (CI sets it). LTO= builds the release
# binaries without link-time optimization. Build knobs: config.h.

PREFIX  ?= /usr/local
BUILD   ?= build
CC      ?= cc
OPT     ?= -O2 -g
DEBUG   ?= 0
WERROR  ?= 0
SANITIZE ?=

PKGS      := libedit libpcre2-8 gmp zlib
TEST_PKGS := criterion
DEB_PKGS  := pkg-config libedit-dev libpcre2-dev libcriterion-dev libgmp-dev zlib1g-dev \
             erlang-base erlang-runtime-tools erlang-tools erlang-src erlang-eunit erlang-dev
# The reference tests read OTP's own sources (the stdlib corpus the compiler
# must take, epp:parse_file/2 on them): erlang-src puts them here.
OTP_SRC   := /usr/lib/erlang/lib/stdlib-*/src/lists.erl
# EUnit is checked against OTP's: erlang-eunit has its modules, erlang-dev
# its header (eunit.hrl), which the reference tests' modules include.
OTP_EUNIT := /usr/lib/erlang/lib/eunit-*/include/eunit.hrl

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN += -Werror
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
TEST_CFLAGS = $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS   = $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null)

# Link-time optimization for the release build (DEBUG=0, no sanitizer)
# with gcc: the formatters then inline the term layer's small functions
# across files (vm/ -> format/), about 3% on the formatting benchmark
# (docs/internals/formatting.md). The objects are fat (machine code beside
# the compiler's IR), so a plain `ar` archive of them links with or
# without -flto. The test builds (DEBUG=1) and the sanitizer builds go
# without: their link time would double for nothing they measure.
ifeq ($(DEBUG)$(SANITIZE),0)
ifeq ($(shell echo __clang__ | $(CC) -E -P - 2>/dev/null),__clang__)
LTO ?= -flto=auto -ffat-lto-objects
endif
endif

SAN_FLAGS :=
ifneq ($(SANITIZE),)
SAN_FLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif

CFLAGS_ALL = -std=c11 -D_GNU_SOURCE $(OPT) $(LTO) $(WARN) -I. -DDBGSH_DEBUG=$(DEBUG) \
             $(SAN_FLAGS) $(PKG_CFLAGS) -MMD -MP $(CFLAGS)
LDFLAGS_ALL = $(SAN_FLAGS) $(LTO) $(LDFLAGS)
LIBS = $(PKG_LIBS) -lpthread -lm

# ---- sources, one list per layer --------------------------------------------

VM_SRCS     := alloc atom bignum binary cmp copy ext float gc hash heap lex map progress read term timer unicode bif_term bif_bin parse epp bif bif_arith bif_conv compile compile_lower compile_gen compile_layout compile_pat compile_bin compile_asm lint disasm \
               code interp proc sched spinlock pool bits bif_proc bif_sys bif_misc bif_scan bif_file bif_instr bif_zlib bif_re bif_pterm pterm bif_atomics ets md5 digest bif_crypto trace port bif_port eval seqtrace report vm
FORMAT_SRCS := buf write pretty fwrite io traceline exception tracejson erts
DBGCORE_SRCS := dbgcore session tev tev_sched tracer bp bif_trace bif_pattern bif_session ms ms_run ms_text msact tlog tport tport_ip collector tev_port
SHELL_SRCS  := main repl offline cmd exec out sessions filter log complete

VM_OBJS     := $(VM_SRCS:%=$(BUILD)/vm/%.o) $(BUILD)/vm/lib_embed.o
FORMAT_OBJS := $(FORMAT_SRCS:%=$(BUILD)/format/%.o)
# docs/examples/erl_msg_tracer.c, the erl_tracer example, is built in.
DBGCORE_OBJS := $(DBGCORE_SRCS:%=$(BUILD)/dbgcore/%.o) $(BUILD)/dbgcore/lib_embed.o \
                $(BUILD)/docs/examples/erl_msg_tracer.o
SHELL_OBJS  := $(SHELL_SRCS:%=$(BUILD)/shell/%.o) $(BUILD)/shell/lib_embed.o

LIBVM     := $(BUILD)/libvm.a
LIBFORMAT := $(BUILD)/libformat.a
LIBDBGCORE := $(BUILD)/libdbgcore.a

# Unit tests mirror the tree: tests/vm/test_X.c tests vm/X.c.
TEST_VM_SRCS     := $(wildcard tests/vm/test_*.c)
TEST_FORMAT_SRCS := $(wildcard tests/format/test_*.c)
TEST_DBGCORE_SRCS := $(wildcard tests/dbgcore/test_*.c)
TEST_SHELL_SRCS := $(wildcard tests/shell/test_*.c)
TEST_BINS := $(BUILD)/tests/test_vm $(BUILD)/tests/test_format $(BUILD)/tests/test_dbgcore $(BUILD)/tests/test_shell

# Files generated from the shell's tables (docs/internals/commands.md):
# committed, and written again by make whenever a table changes.
GEN_CMDS  := $(BUILD)/shell/gen/gen_cmds
GENERATED := docs/commands.md completions/dbgsh.bash completions/_dbgsh completions/dbgsh.fish docs/dbgsh.1
# Fuzz targets (docs/internals/fuzzing.md): tests/fuzz/T.c fuzzes one parser
# of untrusted input. make test links each with tests/fuzz/replay.c and
# replays its corpus, tests/fuzz/corpus/T; make fuzz links it with libFuzzer
# (FUZZ_ENGINE, what calls the harness, is then -fsanitize=fuzzer).
FUZZ_TARGETS := ext read format compile ms tlog lint
FUZZ_BINS := $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/%)
FUZZ_ENGINE := $(BUILD)/tests/fuzz/replay.o
TOOL_BINS := $(BUILD)/tests/termgen $(BUILD)/tests/fmtbench $(BUILD)/tests/threads \
             $(BUILD)/tests/progress $(BUILD)/tests/ports $(BUILD)/tests/tracebufs $(BUILD)/tests/tlogtool \
             $(BUILD)/tests/pty $(FUZZ_BINS)

ifeq ($(BUILD),build)
DBGSH := dbgsh
else
DBGSH := $(BUILD)/dbgsh
endif

.PHONY: FORCE all deps deps-fuzz fuzz run-fuzz run test run-tests run-tsan check tsan gcstress run-gcstress bench install clean layers stress

all: deps $(DBGSH) $(GENERATED)

# ---- dependencies -------------------------------------------------------------

deps:
	@missing=""; \
	for p in $(PKGS) $(TEST_PKGS); do \
	  pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v erl >/dev/null 2>&1 || missing="$$missing erl"; \
	ls $(OTP_SRC) >/dev/null 2>&1 || missing="$$missing erlang-src"; \
	ls $(OTP_EUNIT) >/dev/null 2>&1 || missing="$$missing erlang-eunit"; \
	if [ -n "$$missing" ]; then $(call apt_install,$$missing,$(DEB_PKGS)); fi

# $(call apt_install,WHAT,PACKAGES), in a recipe that found WHAT missing:
# installs PACKAGES as root, else prints the command and fails.
apt_install = if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "deps: missing$(1); installing Debian packages"; \
	    apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null || exit 1; \
	  else \
	    echo "deps: missing$(1). Install them with:"; \
	    echo "  sudo apt-get install $(2)"; \
	    exit 1; \
	  fi

# ---- build --------------------------------------------------------------------

# Every object depends on the flags it is built with, written to
# $(BUILD)/cflags when they change: make tracks files, not flags, and
# objects built with different flags must not be linked together. A change
# of OPT, LTO, DEBUG, SANITIZE or CFLAGS (warning options apart) rebuilds
# them all. (A test binary of objects with and without LTO resolves the
# weak stand-ins of tests/vm/test_compile.c against the wrong definitions.)
FLAGS_STAMP := $(BUILD)/cflags
CODE_FLAGS = $(filter-out -W%,$(CFLAGS_ALL) $(TEST_CFLAGS) $(LDFLAGS_ALL))
$(FLAGS_STAMP): FORCE | deps
	@mkdir -p $(dir $@)
	@echo '$(CODE_FLAGS)' | cmp -s - $@ || echo '$(CODE_FLAGS)' > $@
FORCE:

# Every object waits for deps (order-only): with -j, a fresh machine would
# otherwise compile against headers the deps step is still installing.
$(BUILD)/%.o: %.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# The Erlang library modules of vm/lib and the OTP headers under
# vm/lib/APP/include, compiled into the binary (the folders are
# prerequisites too: a file taken out must leave the binary).
VM_LIB_FILES := $(sort $(wildcard vm/lib/*.erl vm/lib/*/include/*.hrl))
$(BUILD)/vm/lib_embed.c: vm/lib/embed.sh vm/lib $(wildcard vm/lib/*/include) $(VM_LIB_FILES)
	@mkdir -p $(dir $@)
	sh vm/lib/embed.sh -r vm/lib $(VM_LIB_FILES) > $@

$(BUILD)/vm/lib_embed.o: $(BUILD)/vm/lib_embed.c $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) -Wno-missing-prototypes -c $< -o $@

# The trace engine's Erlang modules (dbg, ...), registered by dbgcore_init.
$(BUILD)/dbgcore/lib_embed.c: vm/lib/embed.sh dbgcore/lib $(wildcard dbgcore/lib/*.erl)
	@mkdir -p $(dir $@)
	sh vm/lib/embed.sh -n dbgcore_embedded_lib $(sort $(wildcard dbgcore/lib/*.erl)) > $@

$(BUILD)/dbgcore/lib_embed.o: $(BUILD)/dbgcore/lib_embed.c $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) -Wno-missing-prototypes -c $< -o $@

# The shell's Erlang modules (shell_default), registered by main.
$(BUILD)/shell/lib_embed.c: vm/lib/embed.sh shell/lib $(wildcard shell/lib/*.erl)
	@mkdir -p $(dir $@)
	sh vm/lib/embed.sh -n shell_embedded_lib $(sort $(wildcard shell/lib/*.erl)) > $@

$(BUILD)/shell/lib_embed.o: $(BUILD)/shell/lib_embed.c $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) -Wno-missing-prototypes -c $< -o $@

$(LIBVM): $(VM_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(LIBFORMAT): $(FORMAT_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(LIBDBGCORE): $(DBGCORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(DBGSH): $(SHELL_OBJS) $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $(SHELL_OBJS) $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM) $(LIBS)

# ---- tests ----------------------------------------------------------------------

$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(TEST_CFLAGS) -Wno-missing-prototypes -c $< -o $@

$(BUILD)/tests/test_vm: $(TEST_VM_SRCS:%.c=$(BUILD)/%.o) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS) $(LIBS)

$(BUILD)/tests/test_format: $(TEST_FORMAT_SRCS:%.c=$(BUILD)/%.o) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS) $(LIBS)

$(BUILD)/tests/test_dbgcore: $(TEST_DBGCORE_SRCS:%.c=$(BUILD)/%.o) $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS) $(LIBS)

$(BUILD)/tests/test_shell: $(TEST_SHELL_SRCS:%.c=$(BUILD)/%.o) $(filter-out $(BUILD)/shell/main.o,$(SHELL_OBJS)) \
                           $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(TEST_LIBS) $(LIBS)

$(GEN_CMDS): $(BUILD)/shell/gen/gen_cmds.o $(BUILD)/shell/cmd.o
	$(CC) $(LDFLAGS_ALL) -o $@ $^

docs/commands.md: $(GEN_CMDS) shell/commands.def
	$(GEN_CMDS) md > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@
docs/dbgsh.1: $(GEN_CMDS) shell/commands.def
	$(GEN_CMDS) man < $@ > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@
completions/dbgsh.bash: $(GEN_CMDS) shell/options.def
	$(GEN_CMDS) bash > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@
completions/_dbgsh: $(GEN_CMDS) shell/options.def
	$(GEN_CMDS) zsh > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@
completions/dbgsh.fish: $(GEN_CMDS) shell/options.def
	$(GEN_CMDS) fish > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@

$(BUILD)/tests/ms_bench: $(BUILD)/tests/bench/ms_bench.o $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/tlog_bench: $(BUILD)/tests/bench/tlog_bench.o $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/tlogtool: $(BUILD)/tests/diff/tlog/tlogtool.o $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(FUZZ_BINS): $(BUILD)/tests/fuzz/%: $(BUILD)/tests/fuzz/%.o $(filter %.o,$(FUZZ_ENGINE)) \
              $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(FUZZ_ENGINE) $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM) $(LIBS)

$(BUILD)/tests/termgen: $(BUILD)/tests/diff/termgen.o $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/fmtbench: $(BUILD)/tests/bench/fmtbench.o $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

# ---- fuzzing (docs/internals/fuzzing.md) -------------------------------------------

# Each fuzz target built by clang with libFuzzer, ASan and UBSan (the
# libraries too, READ_BIN_MAX_BITS lowered: config.h) under build/fuzz, then
# run FUZZ_SECONDS on one core from its seeds, growing a work corpus in
# build/fuzz/corpus. Not part of make test, which replays the committed
# corpus instead.
FUZZ_SECONDS ?= 60
FUZZ_DEB_PKGS := clang libclang-rt-14-dev

fuzz: deps-fuzz
	@$(MAKE) --no-print-directory CC=clang DEBUG=1 OPT="-O1 -g" SANITIZE=address,undefined \
	  CFLAGS="$(CFLAGS) -fsanitize=fuzzer-no-link -DREAD_BIN_MAX_BITS=1048576" \
	  FUZZ_ENGINE=-fsanitize=fuzzer BUILD=build/fuzz run-fuzz

# clang and its libFuzzer runtime: can it link a fuzz target?
deps-fuzz: deps
	@if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' | \
	     clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1; then \
	  $(call apt_install, clang with libFuzzer,$(FUZZ_DEB_PKGS)); \
	fi

run-fuzz: $(FUZZ_BINS)
	@tests/fuzz/fuzz.sh $(BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Layering: a folder includes only the public header of a folder below it.
layers:
	@tests/layers.sh

test: deps
	@$(MAKE) --no-print-directory layers
	@$(MAKE) --no-print-directory DEBUG=1 BUILD=$(BUILD)/debug run-tests

# Every suite: unit tests, the differential test against erl, transcripts.
run-tests: $(DBGSH) $(TEST_BINS) $(TOOL_BINS)
	@STRESS_COUNT=1000 tests/run.sh $(BUILD) $(DBGSH)

# The trace engine's stress test (docs/internals/stress.md): STRESS_COUNT
# pattern changes (default 10,000) while 4 schedulers run traced calls.
STRESS_COUNT ?= 10000
stress: deps $(DBGSH)
	@tests/stress/run.sh $(DBGSH) $(STRESS_COUNT)

check: deps
	@$(MAKE) --no-print-directory DEBUG=1 OPT="-O1 -g" SANITIZE=address,undefined \
	  BUILD=build/asan run-tests

# GC stress (DBGSH_GC_STRESS in config.h): the script tests on a VM that
# collects at every safe point and checks every pointer it follows, under
# AddressSanitizer + UBSan. Not the unit tests: vm/gc.c's check OTP's choice
# of minor and major collections, which the stress build overrides.
gcstress: deps
	@$(MAKE) --no-print-directory DEBUG=1 OPT="-O1 -g" SANITIZE=address,undefined \
	  CFLAGS="$(CFLAGS) -DDBGSH_GC_STRESS=1" BUILD=build/gcstress run-gcstress

run-gcstress: $(DBGSH)
	@SCRIPTS_TIMEOUT=300 SCRIPTS_SKIP=tests/scripts/gcstress-skip tests/scripts/run.sh $(BUILD) $(DBGSH)

# Criterion's runner cannot start under ThreadSanitizer (its sandbox
# crashes), so `make tsan` runs tests/tsan/threads.c, which drives the shared
# pieces from several threads, plus the script suites.
tsan: deps
	@$(MAKE) --no-print-directory DEBUG=1 OPT="-O1 -g" SANITIZE=thread \
	  BUILD=build/tsan run-tsan

run-tsan: $(DBGSH) $(TOOL_BINS)
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" $(BUILD)/tests/threads
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" $(BUILD)/tests/progress
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" $(BUILD)/tests/ports
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" $(BUILD)/tests/tracebufs
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" tests/stress/run.sh $(DBGSH) 1000
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" tests/diff/run.sh $(BUILD) $(DBGSH)
	@tests/shell/run.sh $(BUILD) $(DBGSH)
	@TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" tests/dbgcore/sessions/run.sh $(BUILD) $(DBGSH)
	@SCRIPTS_SCHEDULERS=4 SCRIPTS_TIMEOUT=300 TSAN_OPTIONS="halt_on_error=1 $${TSAN_OPTIONS:-}" \
	  tests/scripts/run.sh $(BUILD) $(DBGSH)

$(BUILD)/tests/threads: $(BUILD)/tests/tsan/threads.o $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/progress: $(BUILD)/tests/tsan/progress.o $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/ports: $(BUILD)/tests/tsan/ports.o $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/tracebufs: $(BUILD)/tests/tsan/tracebufs.o $(LIBDBGCORE) $(LIBFORMAT) $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/tests/filter_bench: $(BUILD)/tests/bench/filter_bench.o $(BUILD)/shell/filter.o $(LIBVM)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

# The pseudo-terminal harness of the interactive shell's transcript tests
# (tests/shell/pty, docs/internals/pty-tests.md).
$(BUILD)/tests/pty: $(BUILD)/tests/shell/pty/pty.o $(BUILD)/tests/shell/pty/screen.o
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lutil

bench: deps $(DBGSH) $(BUILD)/tests/fmtbench $(BUILD)/tests/termgen $(BUILD)/tests/ms_bench $(BUILD)/tests/tlog_bench \
       $(BUILD)/tests/filter_bench
	@tests/bench/run.sh $(BUILD)
	@$(BUILD)/tests/filter_bench
	@$(BUILD)/tests/ms_bench
	@$(BUILD)/tests/tlog_bench
	@tests/bench/vm.sh $(DBGSH)
	@tests/bench/mem.sh $(DBGSH)
	@tests/bench/trace.sh $(DBGSH)
	@tests/bench/format.sh $(DBGSH)
	@tests/bench/live.sh $(DBGSH)

run: deps $(DBGSH)
	./$(DBGSH)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(DBGSH) $(DESTDIR)$(PREFIX)/bin/dbgsh
	install -m 644 docs/dbgsh.1 $(DESTDIR)$(PREFIX)/share/man/man1/dbgsh.1
	install -m 644 completions/dbgsh.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/dbgsh
	install -m 644 completions/_dbgsh $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_dbgsh
	install -m 644 completions/dbgsh.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/dbgsh.fish

clean:
	rm -rf build dbgsh

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
