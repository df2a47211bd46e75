#!/usr/bin/python3
"""Runs the commands and Python snippets of README.md and docs/*.md as a reader would.

Usage: doc_snippets.py SOURCE_DIR BUILD_DIR

Works in a fresh temporary directory (removed afterwards) that looks like the repository to the
commands: `build`, `configs`, `examples` and `tools` are links to the real ones, `docs/images` is
an empty folder (so the plot commands do not touch the committed pictures), a `hawser` on PATH is
the built program, and the Python module `hawser` imports from build/python. Before the
documents run, it writes the files their snippets read with the commands the documents give
for them: run.h5, run.csv and modeloutput.csv (configs/mass_on_spring.xml with its states
logged, as docs/results-in-python.md makes run.h5) and sweep.h5 (the sweep of
docs/results-in-python.md).

The documents are README.md, then every docs/*.md in name order (a new page is covered without
being listed here). In each document, in order:
- ```python blocks run in one namespace per document (a later block may use an earlier one's
  functions, as a reader pasting them would), with matplotlib's Agg backend; at the end of the
  document the namespace is dropped, closing the files it left open;
- ```xml blocks are scenarios: each is written to a file and must pass
  `hawser validate --strict-units`;
- ```sh blocks, and plain ``` blocks, run each command line (backslash continuations joined)
  that starts with a program: `hawser`, `build/tools/hawser`, `tools/plot.py`, `/usr/bin/python3`,
  `mpirun`, `printf` (as written; Open MPI's environment variables let it run as root and start
  more ranks than this machine has cores, as a user's own machine would not need).
  Not run, and listed in the output with the reason: the set-up and test scripts (`tools/run`,
  `tools/test`, `tools/test-sanitize`, `tools/fuzz`), which CI runs itself; the benchmarks
  (`bench/`, `build/bench/`: minutes of timing, run by hand); and the plugin's install and build
  (`cmake`, the installed `$HOME/hawser/bin/hawser`), whose steps tools/test-install runs in a
  temporary prefix.
  Any other command line of a ```sh block is an error (the checker would otherwise skip it
  silently); other lines of plain blocks (error messages, sweep files) are output or data.
Exits 0 when every snippet ran, else 1 naming the document, line and error.
"""
import gc
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

RUN_PREFIXES = ("hawser ", "build/tools/hawser ", "tools/plot.py ", "/usr/bin/python3 ", "mpirun ",
                "printf ")
# Documented but not run here, each with the reason printed beside it (see the docstring).
SKIPPED = (
    (("tools/run ", "tools/test", "tools/fuzz"), "set-up and test scripts, which CI runs itself"),
    (("/usr/bin/python3 bench/", "build/bench/"), "benchmarks: minutes of timing, run by hand"),
    (("cmake ", '"$HOME/hawser/bin/hawser" '), "the plugin's install and build: tools/test-install"),
)


def documents(source):
    """README.md, then every docs/*.md in name order."""
    return ["README.md"] + sorted(
        os.path.relpath(p, source) for p in glob.glob(os.path.join(source, "docs", "*.md")))


def skip_reason(command):
    """Why a documented command is not run here, or None when it is to be run."""
    for prefixes, reason in SKIPPED:
        if command.startswith(prefixes):
            return reason
    return None

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
        for name in ("configs", "examples", "tools"):
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
        sys.path.insert(0, os.path.join(build, "python"))  # PYTHONPATH=build/python (python.md)
        for setup in ("hawser run -q configs/mass_on_spring.xml --set Engine.LogStates=1 -o run.h5",
                      "hawser run -q configs/mass_on_spring.xml --set Engine.LogStates=1 -o run.csv",
                      "hawser run -q configs/mass_on_spring.xml",
                      "hawser sweep -q configs/sweep_mass_spring_damper.xml --set k=50,100,200 "
                      "--set 'c=linspace(0,20,5)' --summary 'Mass.Pos[2]:max' -j 2 -o sweep.h5"):
            code, output = shell(setup, work, env)
            if code != 0:
                print(f"doc_snippets: setting up with `{setup}` failed ({code}):\n{output}")
                return 1
        for doc in documents(source):
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
                elif lang == "xml":
                    scenario = os.path.join(work, "doc_scenario.xml")
                    with open(scenario, "w") as fh:
                        fh.write(text)
                    code, output = shell("hawser validate --strict-units doc_scenario.xml", work,
                                         env)
                    ran += 1
                    if code != 0:
                        failures.append(f"{doc}:{line}: xml block fails `hawser validate "
                                        f"--strict-units` ({code}):\n{output}")
                elif lang in ("sh", ""):
                    for at, command in commands(text, line):
                        reason = skip_reason(command)
                        if reason:
                            skipped.append(f"{doc}:{at}: {command} ({reason})")
                        elif command.startswith(RUN_PREFIXES):
                            code, output = shell(command, work, env)
                            ran += 1
                            if code != 0:
                                failures.append(f"{doc}:{at}: `{command}` exited {code}:\n{output}")
                        elif lang == "sh" and command and not command.startswith("#"):
                            failures.append(f"{doc}:{at}: `{command}` is neither run nor skipped "
                                            "with a reason (doc_snippets.py: RUN_PREFIXES, "
                                            "SKIPPED)")
            # The document's Python session ends: the files it left open (h5py locks them) are
            # closed before the next document's commands write them again.
            namespace.clear()
            gc.collect()
    finally:
        os.chdir(source)
        shutil.rmtree(work, ignore_errors=True)
    for s in skipped:
        print(f"doc_snippets: not run: {s}")
    for f in failures:
        print(f"doc_snippets: {f}")
    print(f"doc_snippets: {ran} snippets ran, {len(failures)} failed, {len(skipped)} not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
