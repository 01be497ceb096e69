/* Kernels for gensim's test_compute_igc (compute/tests/data/README). */

kernel void vadd(global const int *a, global const int *b, global int *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i] + b[i];
}

/* bytes and shorts: byte scattered (A64 byte subtype when stateless) */
kernel void narrow(global const uchar *a, global const short *b, global uchar *c,
		   global short *d)
{
	size_t i = get_global_id(0);

	c[i] = (uchar)(a[i] ^ 0x5a);
	d[i] = (short)(b[i] - 7);
}

/* int4: dword x4 */
kernel void vec4(global const int4 *a, global int4 *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i].wzyx + (int4)(1, 2, 3, 4);
}

/* long: qword reads, dword x2 writes */
kernel void ladd(global const long *a, global const long *b, global long *c)
{
	size_t i = get_global_id(0);

	c[i] = a[i] + (b[i] ^ 0x0123456789abcdefL);
}

/* a histogram: atomics */
kernel void histo(global const uint *v, global uint *bins)
{
	size_t i = get_global_id(0);

	atomic_inc(&bins[v[i] & 15]);
}

/* 2D: local IDs in X and Y */
kernel void grid(global uint *out, uint pitch)
{
	size_t x = get_global_id(0), y = get_global_id(1);

	out[y * pitch + x] = (uint)(y << 16 | x);
}

/* sub-group block read and write: OWord block messages (A64 when stateless) */
__attribute__((intel_reqd_sub_group_size(16)))
kernel void block(global const uint *a, global uint *c)
{
	size_t g = get_group_id(0) * get_local_size(0);
	uint v = intel_sub_group_block_read(a + g + 1);

	intel_sub_group_block_write(c + g, (v ^ 0x5a5a5a5au) + 1u);
}

/* a 64-bit atomic add: A64 64-bit atomics in both builds */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void lsum(global long *sum, global const int *v)
{
	atom_add(sum, (long)v[get_global_id(0)]);
}
