//go:build amd64 && !purego

#include "textflag.h"

// The 8-bit kernels of kernel8_amd64.go. Eight rows of w at a time: row r
// at R10 + r*R12 (rows 0-3) and R11 + (r-4)*R12 (rows 4-7), AX = 3*R12.
// Each step s loads b[s]'s columns (the slice header at R14) and adds
// their byte products with row r's word s into accumulator r; then each
// row's sums become floats, times scale[r], plus bias[r] (DEQ: the product
// rounded before the addition, as the Go kernel does), stored through c's
// slice header at byte offset hdr.
#define DEQ(off, hdr, acc, t) VCVTDQ2PS acc, acc; VBROADCASTSS off(R10), t; VMULPS t, acc, acc; VBROADCASTSS off(R11), t; VADDPS t, acc, acc; MOVQ hdr(DI), R8; VMOVUPS acc, 0(R8)(R9*1)

// DEQ8 stores the eight rows' accumulators (scale and bias pointers
// loaded into R10 and R11 first, which the steps no longer need).
#define DEQ8(a0, a1, a2, a3, a4, a5, a6, a7, t) MOVQ scale+32(FP), R10; MOVQ bias+40(FP), R11; DEQ(0, 0, a0, t); DEQ(4, 24, a1, t); DEQ(8, 48, a2, t); DEQ(12, 72, a3, t); DEQ(16, 96, a4, t); DEQ(20, 120, a5, t); DEQ(24, 144, a6, t); DEQ(28, 168, a7, t)

// ARGS loads both product kernels' arguments: w at SI, ks in CX, b's
// headers at BX, the end column in bytes in R13 (n*4), c's headers at DI,
// one row of w in bytes in R12 (ks*4) and three in AX, the current column
// in bytes in R9 (0).
#define ARGS MOVQ w+0(FP), SI; MOVQ ks+8(FP), CX; MOVQ b+16(FP), BX; MOVQ n+24(FP), R13; MOVQ c+48(FP), DI; MOVQ CX, R12; SHLQ $2, R12; LEAQ (R12)(R12*2), AX; SHLQ $2, R13; XORQ R9, R9

// func gemm8x16VNNI(w *uint32, ks int, b *[]uint32, n int, scale, bias *float32, c *[]float32)
//
// Eight rows of c over columns 0..n-1, n a positive multiple of 16, sixteen
// at a time: c[r][j] = bias[r] + scale[r]*sum_s dot4(w[r*ks+s], b[s][j]).
// VPDPBUSD multiplies b's unsigned bytes by the broadcast word's signed
// ones and adds each lane's four products to its 32-bit sum.
TEXT ·gemm8x16VNNI(SB), NOSPLIT, $0-56
	ARGS

vcol:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	MOVQ SI, R10
	LEAQ (SI)(R12*4), R11
	MOVQ BX, R14
	MOVQ CX, R15

vstep:
	MOVQ 0(R14), R8
	VMOVDQU32 0(R8)(R9*1), Z8
	VPDPBUSD.BCST 0(R10), Z8, Z0
	VPDPBUSD.BCST 0(R10)(R12*1), Z8, Z1
	VPDPBUSD.BCST 0(R10)(R12*2), Z8, Z2
	VPDPBUSD.BCST 0(R10)(AX*1), Z8, Z3
	VPDPBUSD.BCST 0(R11), Z8, Z4
	VPDPBUSD.BCST 0(R11)(R12*1), Z8, Z5
	VPDPBUSD.BCST 0(R11)(R12*2), Z8, Z6
	VPDPBUSD.BCST 0(R11)(AX*1), Z8, Z7
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ $24, R14
	DECQ R15
	JNZ  vstep

	DEQ8(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z9)

	ADDQ $64, R9
	CMPQ R9, R13
	JLT  vcol

	VZEROUPPER
	RET

// MADD adds row r's products (its word at src, broadcast) to acc: the
// byte pairs' products summed into 16-bit lanes (Y8's bytes unsigned,
// the word's signed; at most 2*127*127, no saturation), then the 16-bit
// pairs into 32-bit lanes (times the ones in Y9).
#define MADD(src, acc) VPBROADCASTD src, Y11; VPMADDUBSW Y11, Y8, Y10; VPMADDWD Y9, Y10, Y10; VPADDD Y10, acc, acc

// func gemm8x8AVX2(w *uint32, ks int, b *[]uint32, n int, scale, bias *float32, c *[]float32)
//
// gemm8x16VNNI on AVX2: n a positive multiple of 8, eight columns at a time.
TEXT ·gemm8x8AVX2(SB), NOSPLIT, $0-56
	ARGS
	MOVL $0x00010001, R8
	MOVQ R8, X9
	VPBROADCASTD X9, Y9

acol:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	MOVQ SI, R10
	LEAQ (SI)(R12*4), R11
	MOVQ BX, R14
	MOVQ CX, R15

astep:
	MOVQ 0(R14), R8
	VMOVDQU 0(R8)(R9*1), Y8
	MADD(0(R10), Y0)
	MADD(0(R10)(R12*1), Y1)
	MADD(0(R10)(R12*2), Y2)
	MADD(0(R10)(AX*1), Y3)
	MADD(0(R11), Y4)
	MADD(0(R11)(R12*1), Y5)
	MADD(0(R11)(R12*2), Y6)
	MADD(0(R11)(AX*1), Y7)
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ $24, R14
	DECQ R15
	JNZ  astep

	DEQ8(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y12)

	ADDQ $32, R9
	CMPQ R9, R13
	JLT  acol

	VZEROUPPER
	RET

// func pack8AVX2(x *float32, groups, stride int, inv float32, q *uint32)
//
// pack8Go for stride a positive multiple of 8: four planes of x at a time
// (at SI, R10, R11, R12), eight positions at a time, each value times inv
// rounded to the nearest integer (half to even, the default rounding) in
// its byte of the word.
TEXT ·pack8AVX2(SB), NOSPLIT, $0-40
	MOVQ x+0(FP), SI
	MOVQ groups+8(FP), CX
	MOVQ stride+16(FP), DX
	VBROADCASTSS inv+24(FP), Y15
	MOVQ q+32(FP), DI
	SHLQ $2, DX            // DX = one plane in bytes

pgroup:
	LEAQ (SI)(DX*1), R10
	LEAQ (R10)(DX*1), R11
	LEAQ (R11)(DX*1), R12
	XORQ R9, R9

ppos:
	VMULPS 0(SI)(R9*1), Y15, Y0
	VMULPS 0(R10)(R9*1), Y15, Y1
	VMULPS 0(R11)(R9*1), Y15, Y2
	VMULPS 0(R12)(R9*1), Y15, Y3
	VCVTPS2DQ Y0, Y0
	VCVTPS2DQ Y1, Y1
	VCVTPS2DQ Y2, Y2
	VCVTPS2DQ Y3, Y3
	VPSLLD $8, Y1, Y1
	VPSLLD $16, Y2, Y2
	VPSLLD $24, Y3, Y3
	VPOR Y1, Y0, Y0
	VPOR Y3, Y2, Y2
	VPOR Y2, Y0, Y0
	VMOVDQU Y0, 0(DI)(R9*1)
	ADDQ $32, R9
	CMPQ R9, DX
	JLT  ppos

	LEAQ (R12)(DX*1), SI   // the next four planes
	ADDQ DX, DI            // the next plane of words
	DECQ CX
	JNZ  pgroup

	VZEROUPPER
	RET

// func max8AVX2(x *float32, n int) float32
//
// The largest of 0 and x[0..n-1], n a positive multiple of 8.
TEXT ·max8AVX2(SB), NOSPLIT, $0-20
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	SHLQ $2, CX
	XORQ R9, R9
	VXORPS Y0, Y0, Y0

mloop:
	VMAXPS 0(SI)(R9*1), Y0, Y0
	ADDQ $32, R9
	CMPQ R9, CX
	JLT  mloop

	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMAXPS X1, X0, X0
	MOVSS X0, ret+16(FP)
	VZEROUPPER
	RET
