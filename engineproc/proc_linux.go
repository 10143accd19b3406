//go:build linux

package engineproc

import "syscall"

// setParentDeathSignal makes the kernel kill the engine if the runner dies
// without cleaning up (kill -9).
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
