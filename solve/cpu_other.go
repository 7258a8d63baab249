//go:build !unix

package solve

import "time"

// CPUTime is not available here: solve --cpu falls back to the
// wall clock.
func CPUTime() (time.Duration, bool) { return 0, false }
