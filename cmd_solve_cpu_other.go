//go:build !unix

package main

import "time"

// processCPUTime is not available here: solve --cpu falls back to the
// wall clock.
func processCPUTime() (time.Duration, bool) { return 0, false }
