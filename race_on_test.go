//go:build race

package main

// raceDetector reports a -race build, where the fixed-work bench runs 15
// times slower and finds no race the threaded tests do not.
const raceDetector = true
