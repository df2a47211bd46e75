#!/usr/bin/python3
"""Runs the commands and Python snippets of README.md and docs/*.md as a reader would.

Usage: doc_snippets.py SOURCE_DIR BUILD_DIR

Works in a fresh temporary directory (removed afterwards) that looks like the repository to the
commands: `build`, `configs` and `tools` are links to the real ones, `docs/images` is an empty
folder (so the README's plot commands do not touch the committed pictures), and a `hawser` on
PATH is the built program. Before the documents run, it writes the files their snippets read
with the commands the documents give for them: run.h5, run.csv and modeloutput.csv
(configs/mass_on_spring.xml with its states logged, as docs/results-in-python.md makes run.h5)
and sweep.h5 (the sweep of docs/results-in-python.md).

In each document, in order:
- ```python blocks run in one namespace per document (a later block may use an earlier one's
  functions, as a reader pasting them would), with matplotlib's Agg backend;
- ```sh blocks, and plain ``` blocks, run each command line (backslash continuations joined)
  that starts with a program: `hawser`, `build/tools/hawser`, `tools/plot.py`, `/usr/bin/python3`,
  `mpirun` (as written; Open MPI's environment variables let it run as root and start more ranks
  than this machine has cores, as a user's own machine would not need).
  Not run, and listed in the output: the set-up and test scripts (`tools/run`, `tools/test`,
  `tools/test-sanitize`, `tools/fuzz`), which CI runs itself, and the benchmarks (`bench/`: minutes
  of timing, run by hand).
  Other lines of plain blocks (error messages, sweep files) are output or data, not commands.
Exits 0 when every snippet ran, else 1 naming the document, line and error.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

RUN_PREFIXES = ("hawser ", "build/tools/hawser ", "tools/plot.py ", "/usr/bin/python3 ", "mpirun ",
                "printf ")
# Documented but too long for the test suite (minutes); `bench/` programs are run by hand.
SKIP_COMMANDS = ("/usr/bin/python3 bench/",)
SKIP_PREFIXES = ("tools/run ", "tools/test", "tools/fuzz")
DOCS = ("README.md", "docs/results-in-python.md")


def blocks(path):
    """[(language, first line number, text)] of the fenced code blocks of a Markdown file."""
    out, lang, start, lines = [], None, 0, []
    with open(path) as fh:
        for number, line in enumerate(fh, start=1):
            fence = re.match(r"^```(\w*)\s*$", line)
            if fence and lang is None:
                lang, start, lines = fence.group(1), number + 1, []
            elif fence:
                out.append((lang, start, "".join(lines)))
                lang = None
            elif lang is not None:
                lines.append(line)
    return out


def commands(text, first_line):
    """[(line number, command)] with backslash continuations joined."""
    out, pending, at = [], "", first_line
    for offset, line in enumerate(text.splitlines()):
        if not pending:
            at = first_line + offset
        stripped = line.rstrip()
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        out.append((at, (pending + stripped).strip()))
        pending = ""
    return out


def shell(command, cwd, env):
    r = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=600)
    return r.returncode, r.stdout + r.stderr


def main():
    source, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="hawser-docs-")
    failures, skipped, ran = [], [], 0
    try:
        for name in ("configs", "tools"):
            os.symlink(os.path.join(source, name), os.path.join(work, name))
        os.symlink(build, os.path.join(work, "build"))
        os.makedirs(os.path.join(work, "docs", "images"))
        bin_dir = os.path.join(work, ".bin")
        os.makedirs(bin_dir)
        os.symlink(os.path.join(build, "tools", "hawser"), os.path.join(bin_dir, "hawser"))
        env = dict(os.environ, PATH=bin_dir + ":" + os.environ.get("PATH", ""), MPLBACKEND="Agg",
                   OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
        os.environ.update(MPLBACKEND="Agg")
        for setup in ("hawser run -q configs/mass_on_spring.xml --set Engine.LogStates=1 -o run.h5",
                      "hawser run -q configs/mass_on_spring.xml --set Engine.LogStates=1 -o run.csv",
                      "hawser run -q configs/mass_on_spring.xml",
                      "hawser sweep -q configs/sweep_mass_spring_damper.xml --set k=50,100,200 "
                      "--set 'c=linspace(0,20,5)' --summary 'Mass.Pos[2]:max' -j 2 -o sweep.h5"):
            code, output = shell(setup, work, env)
            if code != 0:
                print(f"doc_snippets: setting up with `{setup}` failed ({code}):\n{output}")
                return 1
        for doc in DOCS:
            namespace = {"__name__": "__doc__"}
            for lang, line, text in blocks(os.path.join(source, doc)):
                if lang == "python":
                    os.chdir(work)
                    try:
                        exec(compile(text, f"{doc}:{line}", "exec"), namespace)
                        ran += 1
                    except Exception:
                        failures.append(f"{doc}:{line}: python block failed:\n"
                                        + traceback.format_exc(limit=3))
                    finally:
                        os.chdir(source)
                elif lang in ("sh", ""):
                    for at, command in commands(text, line):
                        if command.startswith(SKIP_PREFIXES) or command.startswith(SKIP_COMMANDS):
                            skipped.append(f"{doc}:{at}: {command}")
                        elif command.startswith(RUN_PREFIXES):
                            code, output = shell(command, work, env)
                            ran += 1
                            if code != 0:
                                failures.append(f"{doc}:{at}: `{command}` exited {code}:\n{output}")
    finally:
        os.chdir(source)
        shutil.rmtree(work, ignore_errors=True)
    for s in skipped:
        print(f"doc_snippets: not run (see the module docstring): {s}")
    for f in failures:
        print(f"doc_snippets: {f}")
    print(f"doc_snippets: {ran} snippets ran, {len(failures)} failed, {len(skipped)} not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
