//go:build e2eweb

package e2e

import (
	"context"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/goxq/ucci/internal/enginetest"
)

// webEngine is the ucci binary the browser tests drive: GOXQ_E2E_ENGINE,
// or one built from ../cmd/ucci.
func webEngine(t *testing.T) string {
	if bin := os.Getenv("GOXQ_E2E_ENGINE"); bin != "" {
		return bin
	}
	return enginetest.Binary(t)
}

// webBrowser is the browser the tests start: GOXQ_E2E_WEB_CHROMIUM, or
// Debian's chromium.
func webBrowser() string {
	if b := os.Getenv("GOXQ_E2E_WEB_CHROMIUM"); b != "" {
		return b
	}
	return "chromium"
}

// browserOptions are the flags of a headless browser with a window of
// width × height, plus extra ones (a profile directory, say).
func browserOptions(browser string, width, height int, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.WindowSize(width, height),
		chromedp.Flag("disable-dev-shm-usage", true))
	return append(opts, extra...)
}

// startBrowser starts the headless browser with a window of width ×
// height and returns its context; the browser ends with the test.
func startBrowser(t *testing.T, browser string, width, height int) context.Context {
	actx, cancel := chromedp.NewExecAllocator(context.Background(), browserOptions(browser, width, height)...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	return bctx
}
