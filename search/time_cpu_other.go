//go:build !unix && !windows

package search

import "time"

// cpuClockResolution is meaningless where processCPU has no clock.
const cpuClockResolution = time.Second

// processCPU is not available here: the time control keeps its fixed
// margins and does not widen them when the machine is busy.
func processCPU() (time.Duration, bool) { return 0, false }
