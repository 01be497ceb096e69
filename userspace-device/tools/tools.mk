# SPDX-License-Identifier: MIT
#
# Command-line tools: the EU layer's assembler and disassembler, and
# gensim-run, a libgensim client that runs one kernel in process or through
# the driver (libgensim/libgensim.mk makes gsim_program).

$(eval $(call program,gensim-as,tools/gensim-as.c))
$(eval $(call program,gensim-dis,tools/gensim-dis.c))
$(eval $(call gsim_program,gensim-run,tools/gensim-run.c))
