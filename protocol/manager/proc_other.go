//go:build !unix

package manager

import "os/exec"

// setProcessGroup does nothing where process groups are not available.
func setProcessGroup(*exec.Cmd) {}

// killProcessGroup kills the brain process itself.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
