package tt

import "syscall"

// adviseHugePages asks the kernel to back mem with transparent huge pages
// (needed when THP is set to "madvise", the usual default). A refusal only
// costs speed, so the error is ignored.
func adviseHugePages(mem []byte) {
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
}
