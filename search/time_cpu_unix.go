//go:build unix

package search

import (
	"syscall"
	"time"
)

// cpuClockResolution is the smallest CPU time processCPU tells apart:
// Linux and the BSDs account a process's CPU time to the nanosecond.
const cpuClockResolution = time.Microsecond

// processCPU is the CPU time, user and system, that this process has used,
// and true; the time control compares it with the wall clock to see how
// much of a move the machine gave to other processes.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
