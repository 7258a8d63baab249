//go:build !linux

package protocol

// machineMemory is the memory the machine can give the brain; 0 where the
// brain cannot tell (outside Linux), and max_memory is then taken as given.
func machineMemory() int64 { return 0 }
