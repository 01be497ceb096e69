# SPDX-License-Identifier: GPL-2.0
#
# Sphinx configuration of the gensim book (make htmldocs; scripts/htmldocs).
#
# The kernel's own Documentation/conf.py builds every book of the kernel
# tree; this one builds only this book, with the one extension of the
# kernel's that the book needs: kernel-doc, which pulls the driver's
# kernel-doc comments in (driver.rst).  scripts/htmldocs extracts
# Documentation/sphinx/kerneldoc.py, Documentation/sphinx/kernellog.py and
# scripts/kernel-doc from the Linux 6.12 source package into
# build/htmldocs-tools/ and names that directory in GENSIM_KERNELDOC_TOOLS.

import os
import re
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_top = os.path.abspath(os.path.join(_here, '..', '..', '..'))
_tools = os.environ.get('GENSIM_KERNELDOC_TOOLS',
                        os.path.join(_top, 'build', 'htmldocs-tools'))

sys.path.insert(0, os.path.join(_tools, 'Documentation', 'sphinx'))

project = 'gensim'
copyright = 'The gensim authors'
author = 'The gensim authors'
version = release = '0.1'

needs_sphinx = '5.3'
extensions = ['kerneldoc']

# kernel-doc: the script, and the tree the directives' paths start from
# (".. kernel-doc:: drivers/gpu/drm/gensim/gensim_uif.c").
kerneldoc_bin = os.path.join(_tools, 'scripts', 'kernel-doc')
kerneldoc_srctree = _top
kerneldoc_verbosity = 1

master_doc = 'index'
source_suffix = '.rst'
# A chapter that another chapter pulls in with ".. include::" (hw-spec.rst
# includes the hw-spec-* chapters) is part of that page, not a page of its
# own: built alone as well, its C declarations and labels would be defined
# twice.
_included = set()
for _name in sorted(os.listdir(_here)):
    if _name.endswith('.rst'):
        with open(os.path.join(_here, _name), encoding='utf-8') as _f:
            for _line in _f:
                _m = re.match(r'\.\. include:: (\S+\.rst)\s*$', _line)
                if _m:
                    _included.add(_m.group(1))
exclude_patterns = sorted(_included)
language = 'en'

# As the kernel's conf.py: the C domain is the primary one (kernel-doc
# emits c:function and c:struct), and literal blocks are not highlighted.
primary_domain = 'c'
highlight_language = 'none'
# Attributes that appear in the driver's function declarations.
c_id_attributes = ['__iomem', '__user', '__must_check', '__printf', '__init', '__exit',
                   '__always_inline', 'noinline', 'inline']
c_paren_attributes = ['__printf', '__aligned', '__section', '__cleanup']

html_theme = 'alabaster'
html_title = 'gensim: a Gen8 GPU driver and its GPU'
html_static_path = []
html_show_sourcelink = False
