//go:build !unix

package nn

// cpuSeconds is unavailable here; benchmarks then report zero CPU time.
func cpuSeconds() float64 { return 0 }
