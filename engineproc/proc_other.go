//go:build !unix

package engineproc

import "os/exec"

// setProcessGroup does nothing on systems without Unix process groups.
func setProcessGroup(*exec.Cmd) {}

// killGroup kills the engine process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
