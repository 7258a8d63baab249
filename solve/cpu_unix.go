//go:build unix

package solve

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time this process has used, user and system,
// and true; solve --cpu measures with it on a machine shared with others.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
