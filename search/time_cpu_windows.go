//go:build windows

package search

import (
	"syscall"
	"time"
)

// cpuClockResolution is the smallest CPU time processCPU tells apart:
// Windows accounts CPU time in clock ticks of about 15.6 ms.
const cpuClockResolution = 16 * time.Millisecond

// processCPU is the CPU time, user and kernel, that this process has used,
// and true; the time control compares it with the wall clock to see how
// much of a move the machine gave to other processes (Gomocup's own
// tournaments run on Windows).
func processCPU() (time.Duration, bool) {
	var creation, exit, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, false
	}
	if err := syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user); err != nil {
		return 0, false
	}
	// A Filetime counts 100 ns units.
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100), true
}
