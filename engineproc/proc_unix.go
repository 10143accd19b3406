//go:build unix

package engineproc

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the engine in a process group of its own, so that
// a terminal's Ctrl-C reaches only the runner and killGroup can end the
// engine together with any helper processes it started.
func setProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	setParentDeathSignal(cmd.SysProcAttr)
}

// killGroup kills the engine's process group (and the engine itself).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}
