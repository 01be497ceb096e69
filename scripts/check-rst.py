#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Parse reStructuredText files as Sphinx would, report every problem.

The kernel builds Documentation/ with Sphinx; this checks the gensim
chapters with plain docutils (python3-docutils), after teaching it the
few Sphinx names the chapters use (:doc:, toctree, kernel-doc) so that
they are accepted rather than reported.  Any warning or error fails.
usage: scripts/check-rst.py FILE...
"""
import sys

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles


class Ignored(Directive):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = None

    def run(self):
        return []


Ignored.option_spec = {k: directives.unchanged for k in
                       ("maxdepth", "doc", "internal", "export", "identifiers",
                        "functions", "no-identifiers", "caption", "hidden",
                        "numbered", "glob")}


def doc_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, text)], []


directives.register_directive("toctree", Ignored)
directives.register_directive("kernel-doc", Ignored)
roles.register_local_role("doc", doc_role)

failed = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    problems = []

    class Stream:
        def write(self, s):
            if s.strip():
                problems.append(s.rstrip())

    publish_doctree(text, source_path=path, settings_overrides={
        "report_level": 2, "halt_level": 5, "warning_stream": Stream(),
        "syntax_highlight": "none", "file_insertion_enabled": True})
    for p in problems:
        print(p)
    failed += bool(problems)
print(f"check-rst: {len(sys.argv) - 1} files, {failed} with problems")
sys.exit(1 if failed else 0)
