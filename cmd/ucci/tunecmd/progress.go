package tunecmd

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// newBar returns a progress bar on w, or nil when quiet.
func newBar(w io.Writer, total int64, desc string, bytes, quiet bool) *progressbar.ProgressBar {
	if quiet {
		return nil
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowBytes(bytes),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))
}

// barAdd advances a possibly nil bar.
func barAdd(bar *progressbar.ProgressBar, n int64) {
	if bar != nil {
		_ = bar.Add64(n)
	}
}

// barFinish completes a possibly nil bar.
func barFinish(bar *progressbar.ProgressBar) {
	if bar != nil {
		_ = bar.Finish()
	}
}

// barNote prints a line above a possibly nil bar.
func barNote(bar *progressbar.ProgressBar, w io.Writer, format string, args ...any) {
	if bar != nil {
		_ = bar.Clear()
	}
	fmt.Fprintf(w, format+"\n", args...)
}
