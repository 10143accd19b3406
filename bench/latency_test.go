package bench

import (
	"os"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

func TestMain(m *testing.M) { os.Exit(enginetest.Main(m)) }

// BenchmarkIsReadyWhileSearching measures isready → readyok during go
// infinite (UCCI) of the engine binary.
func BenchmarkIsReadyWhileSearching(b *testing.B) {
	e := enginetest.Start(b)
	e.Send("ucci", "setoption usebook false", "position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	var d []time.Duration
	for b.Loop() {
		l, err := e.IsReadyLatency()
		if err != nil {
			b.Fatal(err)
		}
		d = append(d, l)
	}
	reportLatency(b, d)
	e.Send("stop", "quit")
}

// BenchmarkStopToBestmove measures stop → bestmove after 10 ms of go
// infinite (UCCI) of the engine binary; the timed loop is the whole cycle,
// the metrics are the stop latencies alone.
func BenchmarkStopToBestmove(b *testing.B) {
	e := enginetest.Start(b)
	e.Send("ucci", "setoption usebook false")
	var d []time.Duration
	for b.Loop() {
		d = append(d, e.StopLatency(10*time.Millisecond))
	}
	reportLatency(b, d)
	e.Send("quit")
}

// reportLatency reports the median and the worst latency in microseconds.
func reportLatency(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	median, worst := enginetest.Summary(d)
	b.ReportMetric(float64(median.Microseconds()), "median-µs")
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
	b.Logf("%d samples: median %v, worst %v", len(d), median, worst)
}
