//go:build unix && !linux

package engineproc

import "syscall"

// setParentDeathSignal does nothing where the kernel has no such feature.
func setParentDeathSignal(*syscall.SysProcAttr) {}
