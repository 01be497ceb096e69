# SPDX-License-Identifier: MIT
#
# gpgpu/: the media/GPGPU pipeline's state and the render engine's EU array
# as a part of the device: dispatch, reset and progress.

LIB_SRCS += \
	gpgpu/gpgpu_array.c \
	gpgpu/media_walk.c \
	gpgpu/media_job.c

# Tests use tap.h (tests/).
$(O)/gpgpu/tests/%.o: ALL_CFLAGS += -I$(CURDIR)/tests

$(eval $(call test,test_media_walk,gpgpu/tests/test_media_walk.c tests/tap.c))
