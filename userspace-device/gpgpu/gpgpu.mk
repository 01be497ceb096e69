# SPDX-License-Identifier: MIT
#
# gpgpu/: the media/GPGPU pipeline's state and the render engine's EU array
# as a part of the device: dispatch, reset and progress.

LIB_SRCS += \
	gpgpu/gpgpu_array.c
