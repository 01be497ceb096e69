# SPDX-License-Identifier: MIT
#
# 3d/: the render engine's 3D pipeline (Documentation/gpu/gensim/
# hw-spec-3d.rst): the 3D state, the URB, and the draw - vertex fetch,
# vertex shader threads, primitive assembly, clipping, setup, the
# rasterizer and pixel shader threads on the EU array.  Headers:
# 3d/r3d.h (the block's API), 3d/r3d_cmds.h (encodings, shared with
# libgensim and the tests), 3d/r3d_priv.h (private).

LIB_SRCS += \
	3d/state.c \
	3d/urb.c \
	3d/vf.c \
	3d/vs.c \
	3d/gs.c \
	3d/setup.c \
	3d/line.c \
	3d/cc.c \
	3d/depth.c \
	3d/raster.c \
	3d/draw.c

# Tests (3d/tests/): through rcs0 with tests/engine_env.c's in-test
# driver and tests/gpgpu_env.c's memory helpers; batches by libgensim's
# emitters, so they link libgensim.a (defined later, hence the path).
$(O)/3d/tests/%.o: ALL_CFLAGS += -I$(CURDIR)/tests -I$(CURDIR)/3d/tests
R3D_TEST_COMMON := 3d/tests/r3d_env.c 3d/scene/shaders.c 3d/tests/r3d_ref.c 3d/tests/r3d_ref_blend.c tests/gpgpu_env.c tests/engine_env.c \
	tests/gtt_env.c tests/tap.c

define r3d_test
TESTS += $(O)/tests/$(1)
$(O)/tests/$(1): $(patsubst %.c,$(O)/%.o,$(2) $(R3D_TEST_COMMON)) $(O)/libgensim.a $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS_ALL) -o $$@ $$(filter %.o,$$^) $(O)/libgensim.a $(LIB) $$(LDLIBS)
endef

$(eval $(call r3d_test,test_3d_rect,3d/tests/test_3d_rect.c))
$(eval $(call r3d_test,test_3d_tri,3d/tests/test_3d_tri.c))
$(eval $(call r3d_test,test_3d_point,3d/tests/test_3d_point.c))
$(eval $(call r3d_test,test_3d_line,3d/tests/test_3d_line.c))
$(eval $(call r3d_test,test_3d_vs,3d/tests/test_3d_vs.c))
$(eval $(call r3d_test,test_3d_gs,3d/tests/test_3d_gs.c))
$(eval $(call r3d_test,test_3d_state,3d/tests/test_3d_state.c))
$(eval $(call r3d_test,test_3d_blend,3d/tests/test_3d_blend.c))
$(eval $(call r3d_test,test_3d_depth_stencil,3d/tests/test_3d_depth_stencil.c))
$(eval $(call r3d_test,test_3d_spec,3d/tests/test_3d_spec.c))

# The 3D scene (3d/scene/scene.c): drawn through libgensim's device API, in
# process or with --drm through the driver (igt-tests/gensim_3d.c), against
# the reference.  tools/gensim-draw renders it to a PNG.
$(eval $(call r3d_test,test_3d_scene,3d/tests/test_3d_scene.c 3d/scene/scene.c))
