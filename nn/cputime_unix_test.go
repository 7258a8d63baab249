//go:build unix

package nn

import "syscall"

// cpuSeconds is the processor time this process has used. Benchmarks report
// it per operation beside the wall time, because the development machine is
// shared: wall time there includes waiting for a core, CPU time does not.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
