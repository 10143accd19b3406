//go:build !linux

package tt

// adviseHugePages does nothing where the kernel offers no advice for
// transparent huge pages.
func adviseHugePages([]byte) {}
