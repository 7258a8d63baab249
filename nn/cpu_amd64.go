//go:build amd64 && !purego

package nn

// The processor's features, for the assembly kernels of every amd64 build
// but purego: the float kernels (kernel_asm_amd64.go, not under
// GOEXPERIMENT=simd, which has its own) and the 8-bit ones
// (kernel8_amd64.go, in the simd build too, so that it gives the same
// priors as every other build at their speed).

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax uint32)

// cpuFeatures is what the processor and the operating system offer the
// kernels, read once at start-up: CPUID and XGETBV trap to the hypervisor
// in a virtual machine (a profile of the search caught a workspace's
// kernel choice there), and every new workspace asks.
var cpuFeatures = detectCPU()

type cpuFeatureSet struct{ avx2, avx512, vnni bool }

func detectCPU() cpuFeatureSet {
	var f cpuFeatureSet
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return f
	}
	xcr0 := xgetbv0()
	_, ebx7, ecx7, _ := cpuid(7, 0)
	// AVX2 needs the OS to save the XMM and YMM state; AVX-512 also the
	// opmask and all 512 bits of the 32 vector registers.
	f.avx2 = xcr0&6 == 6 && ebx7&(1<<5) != 0
	f.avx512 = f.avx2 && xcr0&0xe6 == 0xe6 && ebx7&(1<<16) != 0
	const avx512bw, avx512vl, vnni = 1 << 30, 1 << 31, 1 << 11
	f.vnni = f.avx512 && ebx7&avx512bw != 0 && ebx7&avx512vl != 0 && ecx7&vnni != 0
	return f
}

// hasAVX2 reports whether the processor has AVX2 and the operating system
// saves the YMM registers across context switches.
func hasAVX2() bool { return cpuFeatures.avx2 }

// hasAVX512 reports whether the processor has AVX-512F and the operating
// system saves the opmask and all 512 bits of the 32 vector registers.
func hasAVX512() bool { return cpuFeatures.avx512 }
