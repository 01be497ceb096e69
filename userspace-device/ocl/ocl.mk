# SPDX-License-Identifier: MIT
#
# The OpenCL corpus (ocl/corpus/README): kernels of our own compiled by
# Intel's compiler at test time, run through libgensim's OpenCL binary
# loader (libgensim/ocl_*.c, gensim/ocl.h) against C references, and
# disassembled by gensim and by Intel's IGA (iga64) field by field.

OCL_TEST_COMMON := ocl/tests/corpus.c tests/tap.c
$(O)/ocl/tests/%.o: ALL_CFLAGS += -I$(CURDIR)/tests -I$(CURDIR)/ocl/tests \
	-DOCL_CORPUS='"$(CURDIR)/ocl/corpus"'

$(eval $(call gsim_test,test_ocl_corpus,ocl/tests/test_ocl_corpus.c ocl/tests/cases.c \
	ocl/tests/cases_float.c ocl/tests/cases_int.c ocl/tests/cases_local.c \
	ocl/tests/cases_sg.c ocl/tests/cases_misc.c ocl/tests/cases_image.c \
	ocl/tests/cases_apps.c ocl/tests/cases_builtins2.c ocl/tests/cases_mathfn.c \
	ocl/tests/cases_misc2.c ocl/tests/cases_indep.c \
	$(OCL_TEST_COMMON)))

$(eval $(call gsim_test,test_ocl_iga,ocl/tests/test_ocl_iga.c ocl/tests/iga_canon.c \
	$(OCL_TEST_COMMON)))
$(O)/ocl/tests/test_ocl_iga.o: ALL_CFLAGS += -DOCL_BINDIR='"$(O)/bin"'
$(O)/tests/test_ocl_iga: $(O)/bin/gensim-as $(O)/bin/gensim-dis

# The loader alone, on the ocloc outputs kept in the tree: needs no compiler.
$(eval $(call gsim_test,test_ocl_loader,ocl/tests/test_ocl_loader.c tests/tap.c))
$(O)/ocl/tests/test_ocl_loader.o: ALL_CFLAGS += -DOCL_DATA='"$(CURDIR)/compute/tests/data"' \
	-DOCL_BINDIR='"$(O)/bin"'
$(O)/tests/test_ocl_loader: $(O)/bin/gensim-run
