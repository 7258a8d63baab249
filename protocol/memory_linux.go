package protocol

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// machineMemory is the memory the machine can give the brain, in bytes: the
// available memory the kernel reports (/proc/meminfo's MemAvailable, else
// the total), cut to the cgroup's limit when the brain runs in a container.
// It is 0 when none of them can be read.
func machineMemory() int64 {
	avail := meminfo("MemAvailable:")
	if avail <= 0 {
		var si syscall.Sysinfo_t
		if syscall.Sysinfo(&si) == nil {
			avail = int64(si.Totalram) * int64(si.Unit)
		}
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && v > 0 && (avail <= 0 || v < avail) {
			avail = v
		}
	}
	return max(avail, 0)
}

// meminfo reads one field of /proc/meminfo in bytes; 0 when it cannot.
func meminfo(field string) int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), field)
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
