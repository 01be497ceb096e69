// prefix_sum_slm.s: within each thread group, out[i] = in[base] + ... + in[i]
// (an inclusive prefix sum of 32-bit integers), through shared local memory
// and a barrier.  SIMD16; a group of W threads scans N = 16 * W elements.
//
// dispatch ABI (libgensim gensim/dispatch.h): r2 per thread [index, w, h, d, W,
// H, D, SIMD], r0.1 the group ID X, r0.2[27:24] its barrier ID; in at
// binding table index 0, out at 1; SLM is BTI 254 and needs N * 4 bytes.
//
//   gensim-run --kernel prefix_sum_slm.s --simd 16 --groups 3 --group-size 4 \
//       --slm 4K --barrier --buffer 0:768:iota --buffer 1:768 --dump 1
//
// Each thread stores its 16 values at SLM[w * 16 + lane]; after the
// barrier every lane adds the SLM entries up to its own.

mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }
add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }
mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }
// g14.0 = w * 16, g14.1 = N, g14.2 = g * N
shl(1) g14<1>UD g2.1<0,1,0>UD 4UD { align1 1N NoMask }
shl(1) g14.1<1>UD g2.4<0,1,0>UD 4UD { align1 1N NoMask }
mul(1) g14.2<1>UD g0.1<0,1,0>UD g14.1<0,1,0>UD { align1 1N NoMask }
// g16 = local index li, g20 = global index, g22 = its byte offset, g24 = SLM offset
add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }
add(16) g20<1>UD g16<8,8,1>UD g14.2<0,1,0>UD { align1 1H NoMask }
shl(16) g22<1>UD g20<8,8,1>UD 2UD { align1 1H NoMask }
shl(16) g24<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }
// SLM[li] = in[gi]
send(16) g26<1>UD g22<8,8,1>UD dp_data1 0x04205e00UD { align1 1H }
mov(16) g30<1>UD g24<8,8,1>UD { align1 1H NoMask }
mov(16) g32<1>UD g26<8,8,1>UD { align1 1H NoMask }
send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025efeUD { align1 1H }
// barrier: the group's ID from r0.2, then wait for the gateway's notification
mov(8) g4<1>UD 0UD { align1 1Q NoMask }
and(1) g4.2<1>UD g0.2<0,1,0>UD 0x0f000000UD { align1 1N NoMask }
send(8) null<1>UD g4<8,8,1>UD gateway 0x02000004UD { align1 1Q NoMask }
wait(1) n0<1>D n0<0,1,0>D { align1 1N }
// acc = sum of SLM[j] for j <= li, j = 0 .. N-1
mov(16) g40<1>UD 0UD { align1 1H NoMask }
mov(1) g14.3<1>UD 0UD { align1 1N NoMask }
loop:
shl(1) g14.4<1>UD g14.3<0,1,0>UD 2UD { align1 1N NoMask }
mov(16) g42<1>UD g14.4<0,1,0>UD { align1 1H NoMask }
send(16) g44<1>UD g42<8,8,1>UD dp_data1 0x04205efeUD { align1 1H NoMask }
cmp.le.f0.0(16) null<1>UD g14.3<0,1,0>UD g16<8,8,1>UD { align1 1H }
(+f0.0) add(16) g40<1>UD g40<8,8,1>UD g44<8,8,1>UD { align1 1H }
add(1) g14.3<1>UD g14.3<0,1,0>UD 1UD { align1 1N NoMask }
cmp.l.f0.0(1) null<1>UD g14.3<0,1,0>UD g14.1<0,1,0>UD { align1 1N NoMask }
(+f0.0) jmpi(1) loop { align1 1N NoMask }
// out[gi] = acc
mov(16) g30<1>UD g22<8,8,1>UD { align1 1H NoMask }
mov(16) g32<1>UD g40<8,8,1>UD { align1 1H NoMask }
send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025e01UD { align1 1H }
mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }
send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }
