//go:build race

package baseline

// slowdown scales the time bounds of the tests: the race detector makes
// the searches several times slower.
const slowdown = 8
