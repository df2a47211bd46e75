#!/usr/bin/python3
"""Checks that every relative link of README.md and docs/*.md resolves.

Usage: doc_links.py SOURCE_DIR

A link is a Markdown inline link or image, `[text](target)` / `![alt](target)`, or a reference
definition, `[id]: target`, outside code (fenced blocks and `code spans`). Links with a scheme
(`https:`, `mailto:`) are left alone: they point outside the tree. Every other target must name a
file or folder inside SOURCE_DIR, taken relative to the document's folder (as GitHub and other
Markdown viewers resolve it), and a `#anchor` must be a heading of the target document (or of the
document itself for `#anchor` alone), with GitHub's anchor names: lower case, punctuation other
than `-` and `_` dropped, spaces as `-`, a repeated heading numbered `-1`, `-2`, ...

A file of the tree named in a code span of prose is checked too, so that a page that names a
moved or removed file fails: a span that is a path under one of the tree's top folders
(`configs/mass_on_spring.xml`, `runtime/solve/`), taken from SOURCE_DIR, must name a file or
folder, or a module whose file has an extension (`bench/cable_bench` for bench/cable_bench.cpp,
`runtime/simulation`). Spans with a placeholder or pattern (`<category>`, `*`) or a space are
not paths.

Exits 0 when every link and path resolves, else 1, printing `FILE:LINE: broken link 'TARGET':
why` for each broken link and `FILE:LINE: missing path 'PATH'` for each missing path; the last
two lines count links and broken ones, paths and missing ones.
"""
import glob
import os
import re
import sys

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
# [text](target) or ![alt](target); the target may be <enclosed> and may carry a "title".
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]"             # [text], one level of [] inside
                    r"\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"  # (target, () inside
                    r"(?:\s+[\"'(].*?[\"')])?\s*\)")                   # "title")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
TREE_PATH = re.compile(r"(?:\.ci|bench|cmake|configs|docs|examples|runtime|simobjects|tests|tools)"
                       r"/[\w./+-]*")


def prose_lines(path, blank_code=True):
    """[(line number, text)] of a Markdown file outside fenced code blocks, code spans blanked
    unless `blank_code` is false."""
    out, fence = [], None
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            marker = FENCE.match(line)
            if marker and fence is None:
                fence = marker.group(1)
            elif marker and marker.group(1) == fence:
                fence = None
            elif fence is None and blank_code:
                out.append((number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)))
            elif fence is None:
                out.append((number, line))
    return out


def tree_paths(path):
    """[(line number, path)] of the code spans of a Markdown file's prose that name tree paths."""
    out = []
    for number, line in prose_lines(path, blank_code=False):
        for span in CODE_SPAN.finditer(line):
            text = span.group(0).strip("`")
            if TREE_PATH.fullmatch(text):
                out.append((number, text))
    return out


def path_exists(source, path):
    """Whether `path` names a file or folder of the tree, or a module (a file with an extension)."""
    full = os.path.join(source, path)
    return os.path.exists(full) or bool(glob.glob(glob.escape(full) + ".*"))


def anchors(path):
    """The anchor names of a Markdown file's headings, as GitHub makes them."""
    names, seen = set(), {}
    for _, line in prose_lines(path, blank_code=False):  # GitHub keeps a code span's text.
        heading = HEADING.match(line)
        if not heading:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(2))  # A link's text only.
        slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        names.add(slug if count == 0 else f"{slug}-{count}")
    return names


def links(path):
    """[(line number, target)] of a Markdown file."""
    out = []
    for number, line in prose_lines(path):
        for match in INLINE.finditer(line):
            out.append((number, match.group(1)))
        reference = REFERENCE.match(line)
        if reference:
            out.append((number, reference.group(1)))
    return [(n, t[1:-1] if t.startswith("<") and t.endswith(">") else t) for n, t in out]


def problem(source, doc, target):
    """Why `target`, linked from `doc`, does not resolve; None when it does."""
    if SCHEME.match(target):
        return None
    path, _, anchor = target.partition("#")
    if not path and not anchor:
        return "empty target"
    resolved = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
    if os.path.commonpath([resolved, source]) != source:
        return "outside the source tree"
    if not os.path.exists(resolved):
        return f"no such file or folder {os.path.relpath(resolved, source)}"
    if anchor:
        if not (os.path.isfile(resolved) and resolved.endswith(".md")):
            return "an anchor on a file that is not Markdown"
        if anchor not in anchors(resolved):
            return f"no heading '#{anchor}' in {os.path.relpath(resolved, source)}"
    return None


def main():
    if len(sys.argv) != 2:
        print("usage: doc_links.py SOURCE_DIR", file=sys.stderr)
        return 2
    source = os.path.realpath(sys.argv[1])
    docs = [os.path.join(source, "README.md")]
    docs += sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    checked, broken, paths, missing = 0, [], 0, []
    for doc in docs:
        if not os.path.isfile(doc):
            broken.append(f"{os.path.relpath(doc, source)}: missing")
            continue
        for number, target in links(doc):
            checked += 1
            why = problem(source, doc, target)
            if why:
                where = f"{os.path.relpath(doc, source)}:{number}"
                broken.append(f"{where}: broken link '{target}': {why}")
        for number, path in tree_paths(doc):
            paths += 1
            if not path_exists(source, path):
                where = f"{os.path.relpath(doc, source)}:{number}"
                missing.append(f"{where}: missing path '{path}': no such file, folder or module")
    for line in broken + missing:
        print(line)
    print(f"doc_links: {checked} links in {len(docs)} documents, {len(broken)} broken")
    print(f"doc_links: {paths} tree paths in code spans, {len(missing)} missing")
    return 1 if broken or missing else 0


if __name__ == "__main__":
    sys.exit(main())
