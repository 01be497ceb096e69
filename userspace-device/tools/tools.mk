# SPDX-License-Identifier: MIT
#
# Command-line tools: the EU layer's assembler and disassembler, and
# gensim-run, a libgensim client that runs one kernel in process or through
# the driver (libgensim/libgensim.mk makes gsim_program), and gensim-draw,
# one that draws the 3D scene (3d/scene/) and writes it with libpng.

$(eval $(call program,gensim-as,tools/gensim-as.c))
$(eval $(call program,gensim-dis,tools/gensim-dis.c))
$(eval $(call gsim_program,gensim-run,tools/gensim-run.c))
$(eval $(call gsim_program,gensim-draw,tools/gensim-draw.c 3d/scene/scene.c 3d/scene/shaders.c))
$(O)/tools/gensim-draw.o: ALL_CFLAGS += $(shell pkg-config --cflags libpng 2>/dev/null)
$(O)/bin/gensim-draw: LDLIBS += $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)
