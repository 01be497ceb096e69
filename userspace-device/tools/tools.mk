# SPDX-License-Identifier: MIT
#
# Command-line tools of the EU layer: the assembler and the disassembler.

$(eval $(call program,gensim-as,tools/gensim-as.c))
$(eval $(call program,gensim-dis,tools/gensim-dis.c))
