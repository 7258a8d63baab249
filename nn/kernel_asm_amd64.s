//go:build amd64 && !goexperiment.simd && !purego

#include "textflag.h"

// The six-row product kernels below (gemm6x16AVX2 on YMM registers,
// gemm6x32AVX512 on ZMM) are one algorithm at two register widths, written
// with these macros: a row of c starts at its bias (INITROW: the bias at
// byte offset off of bias into both accumulators), takes one step of kk
// (MULROW: a[r][kk] from src broadcast into bc, times the two loaded
// vectors of b[kk] b0 and b1, each product rounded, then added to c0 and
// c1; t is scratch) and is stored through the slice header at byte offset
// hdr of c (STOREROW: the second vector at off bytes past the first).
#define INITROW(off, c0, c1) VBROADCASTSS off(AX), c0; VMOVAPS c0, c1
#define MULROW(src, b0, b1, bc, t, c0, c1) VBROADCASTSS src, bc; VMULPS bc, b0, t; VADDPS t, c0, c0; VMULPS bc, b1, t; VADDPS t, c1, c1
#define STOREROW(hdr, c0, c1, off) MOVQ hdr(DI), R8; VMOVUPS c0, 0(R8)(R9*1); VMOVUPS c1, off(R8)(R9*1)

// func gemm6x16AVX2(a *float32, k int, b *[]float32, n int, bias *float32, c *[]float32, j0 int)
//
// Six rows of c (slice headers at c) over columns j0..n-1 (j0 < n), sixteen
// at a time: c[r][j] = bias[r] + sum_kk a[r*k+kk] * b[kk][j]. Twelve YMM
// accumulators, two loads of b and one broadcast of a per row and step.
// Every product is rounded before it is added (VMULPS then VADDPS, no
// fused multiply-add) and the sum runs over kk in order, so each result is
// bit for bit gemmRowsGo's.
TEXT ·gemm6x16AVX2(SB), NOSPLIT, $0-56
	MOVQ a+0(FP), SI
	MOVQ k+8(FP), CX
	MOVQ b+16(FP), BX
	MOVQ n+24(FP), R13
	MOVQ bias+32(FP), AX
	MOVQ c+40(FP), DI
	MOVQ CX, DX
	SHLQ $2, DX            // DX = k*4, one row of a in bytes
	LEAQ (DX)(DX*2), R12   // R12 = 3*k*4
	SHLQ $2, R13           // R13 = n*4, the end column in bytes
	MOVQ j0+48(FP), R9
	SHLQ $2, R9            // R9 = j*4, the current column in bytes

colloop:
	INITROW(0, Y0, Y1)
	INITROW(4, Y2, Y3)
	INITROW(8, Y4, Y5)
	INITROW(12, Y6, Y7)
	INITROW(16, Y8, Y9)
	INITROW(20, Y10, Y11)

	MOVQ SI, R10           // rows 0-2 of a at R10, R10+DX, R10+2DX
	LEAQ (SI)(R12*1), R11  // rows 3-5 at R11, R11+DX, R11+2DX
	MOVQ BX, R14           // the header of b[kk]
	MOVQ CX, R15           // kk steps left

kloop:
	MOVQ 0(R14), R8
	VMOVUPS 0(R8)(R9*1), Y12
	VMOVUPS 32(R8)(R9*1), Y13
	MULROW(0(R10), Y12, Y13, Y14, Y15, Y0, Y1)
	MULROW(0(R10)(DX*1), Y12, Y13, Y14, Y15, Y2, Y3)
	MULROW(0(R10)(DX*2), Y12, Y13, Y14, Y15, Y4, Y5)
	MULROW(0(R11), Y12, Y13, Y14, Y15, Y6, Y7)
	MULROW(0(R11)(DX*1), Y12, Y13, Y14, Y15, Y8, Y9)
	MULROW(0(R11)(DX*2), Y12, Y13, Y14, Y15, Y10, Y11)
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ $24, R14
	DECQ R15
	JNZ  kloop

	STOREROW(0, Y0, Y1, 32)
	STOREROW(24, Y2, Y3, 32)
	STOREROW(48, Y4, Y5, 32)
	STOREROW(72, Y6, Y7, 32)
	STOREROW(96, Y8, Y9, 32)
	STOREROW(120, Y10, Y11, 32)

	ADDQ $64, R9
	CMPQ R9, R13
	JLT  colloop

	VZEROUPPER
	RET

// func gemm6x32AVX512(a *float32, k int, b *[]float32, n int, bias *float32, c *[]float32)
//
// gemm6x16AVX2 on ZMM registers: six rows of c over columns 0..n-1, n a
// positive multiple of 32, thirty-two at a time. The same products rounded
// before the same additions in the same order: bit for bit gemmRowsGo's.
TEXT ·gemm6x32AVX512(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ k+8(FP), CX
	MOVQ b+16(FP), BX
	MOVQ n+24(FP), R13
	MOVQ bias+32(FP), AX
	MOVQ c+40(FP), DI
	MOVQ CX, DX
	SHLQ $2, DX            // DX = k*4, one row of a in bytes
	LEAQ (DX)(DX*2), R12   // R12 = 3*k*4
	SHLQ $2, R13           // R13 = n*4, the end column in bytes
	XORQ R9, R9            // R9 = j*4, the current column in bytes

zcolloop:
	INITROW(0, Z0, Z1)
	INITROW(4, Z2, Z3)
	INITROW(8, Z4, Z5)
	INITROW(12, Z6, Z7)
	INITROW(16, Z8, Z9)
	INITROW(20, Z10, Z11)

	MOVQ SI, R10           // rows 0-2 of a at R10, R10+DX, R10+2DX
	LEAQ (SI)(R12*1), R11  // rows 3-5 at R11, R11+DX, R11+2DX
	MOVQ BX, R14           // the header of b[kk]
	MOVQ CX, R15           // kk steps left

zkloop:
	MOVQ 0(R14), R8
	VMOVUPS 0(R8)(R9*1), Z12
	VMOVUPS 64(R8)(R9*1), Z13
	MULROW(0(R10), Z12, Z13, Z14, Z15, Z0, Z1)
	MULROW(0(R10)(DX*1), Z12, Z13, Z14, Z15, Z2, Z3)
	MULROW(0(R10)(DX*2), Z12, Z13, Z14, Z15, Z4, Z5)
	MULROW(0(R11), Z12, Z13, Z14, Z15, Z6, Z7)
	MULROW(0(R11)(DX*1), Z12, Z13, Z14, Z15, Z8, Z9)
	MULROW(0(R11)(DX*2), Z12, Z13, Z14, Z15, Z10, Z11)
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ $24, R14
	DECQ R15
	JNZ  zkloop

	STOREROW(0, Z0, Z1, 64)
	STOREROW(24, Z2, Z3, 64)
	STOREROW(48, Z4, Z5, 64)
	STOREROW(72, Z6, Z7, 64)
	STOREROW(96, Z8, Z9, 64)
	STOREROW(120, Z10, Z11, 64)

	ADDQ $128, R9
	CMPQ R9, R13
	JLT  zcolloop

	VZEROUPPER
	RET

// func dot2x4AVX2(a0, a1 *float32, b *[]float32, n int, out *[64]float32)
//
// The eight dot products of a0 and a1 (n floats each) with b[0..3] (the
// slice headers at b), n a multiple of 8, left as eight lanes each in
// out[8*(4*r+i):]: out's lanes of row r of a and row i of b sum to their
// dot product. The caller adds the lanes up.
TEXT ·dot2x4AVX2(SB), NOSPLIT, $0-40
	MOVQ a0+0(FP), SI
	MOVQ a1+8(FP), DI
	MOVQ b+16(FP), BX
	MOVQ n+24(FP), CX
	MOVQ out+32(FP), AX
	MOVQ 0(BX), R8
	MOVQ 24(BX), R9
	MOVQ 48(BX), R10
	MOVQ 72(BX), R11
	SHLQ $2, CX            // n*4, the end in bytes
	XORQ DX, DX            // the offset in bytes
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7

ntloop:
	VMOVUPS 0(SI)(DX*1), Y8
	VMOVUPS 0(DI)(DX*1), Y9

	VMOVUPS 0(R8)(DX*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y0, Y0
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y4, Y4

	VMOVUPS 0(R9)(DX*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y1, Y1
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y5, Y5

	VMOVUPS 0(R10)(DX*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y2, Y2
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y6, Y6

	VMOVUPS 0(R11)(DX*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y3, Y3
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y7, Y7

	ADDQ $32, DX
	CMPQ DX, CX
	JLT  ntloop

	VMOVUPS Y0, 0(AX)
	VMOVUPS Y1, 32(AX)
	VMOVUPS Y2, 64(AX)
	VMOVUPS Y3, 96(AX)
	VMOVUPS Y4, 128(AX)
	VMOVUPS Y5, 160(AX)
	VMOVUPS Y6, 192(AX)
	VMOVUPS Y7, 224(AX)
	VZEROUPPER
	RET

// func reluMask8AVX2(x, r, mask *float32, n int)
//
// x[j] = relu(x[j] + r[j]) * mask[j] for j < n, n a positive multiple of 8;
// r may be nil (no residual). The ReLU keeps every lane that is not below
// zero, -0 and NaN included, as reluMaskGo's `if v < 0` does (VMAXPS
// would turn them into +0), so the results are bit for bit the Go
// kernel's.
TEXT ·reluMask8AVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), DI
	MOVQ r+8(FP), SI
	MOVQ mask+16(FP), DX
	MOVQ n+24(FP), CX
	SHLQ $2, CX            // CX = n*4, the end in bytes
	XORQ AX, AX            // AX = j*4
	VXORPS Y15, Y15, Y15
	TESTQ SI, SI
	JEQ  noresloop

resloop:
	VMOVUPS 0(DI)(AX*1), Y0
	VADDPS 0(SI)(AX*1), Y0, Y0
	VCMPPS $1, Y15, Y0, Y1 // Y1 = Y0 < 0 (LT_OS)
	VANDNPS Y0, Y1, Y0     // Y0 = ^Y1 & Y0
	VMULPS 0(DX)(AX*1), Y0, Y0
	VMOVUPS Y0, 0(DI)(AX*1)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  resloop
	VZEROUPPER
	RET

noresloop:
	VMOVUPS 0(DI)(AX*1), Y0
	VCMPPS $1, Y15, Y0, Y1
	VANDNPS Y0, Y1, Y0
	VMULPS 0(DX)(AX*1), Y0, Y0
	VMOVUPS Y0, 0(DI)(AX*1)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  noresloop
	VZEROUPPER
	RET

// func gemm1x16AVX2(a *float32, k int, b *[]float32, n int, bias float32, c *float32)
//
// One row: c[j] = bias + sum_kk a[kk] * b[kk][j] for j < n, n a positive
// multiple of 16, sixteen columns at a time; the products rounded before
// they are added, in gemmRowsGo's order. For the rows left over from the
// six-row kernels (the head's one plane).
TEXT ·gemm1x16AVX2(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ k+8(FP), CX
	MOVQ b+16(FP), BX
	MOVQ n+24(FP), R13
	MOVQ c+40(FP), DI
	SHLQ $2, R13
	XORQ R9, R9

onecol:
	VBROADCASTSS bias+32(FP), Y0
	VMOVAPS Y0, Y1
	MOVQ SI, R10
	MOVQ BX, R14
	MOVQ CX, R15

onek:
	MOVQ 0(R14), R8
	VBROADCASTSS 0(R10), Y14
	VMULPS 0(R8)(R9*1), Y14, Y12
	VADDPS Y12, Y0, Y0
	VMULPS 32(R8)(R9*1), Y14, Y13
	VADDPS Y13, Y1, Y1
	ADDQ $4, R10
	ADDQ $24, R14
	DECQ R15
	JNZ  onek

	VMOVUPS Y0, 0(DI)(R9*1)
	VMOVUPS Y1, 32(DI)(R9*1)
	ADDQ $64, R9
	CMPQ R9, R13
	JLT  onecol
	VZEROUPPER
	RET
