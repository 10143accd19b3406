package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/match"
)

// TestMatchStatusMalformedEntries: entries of the runs' bucket that
// cannot be read or hold impossible numbers are each reported (exit 1)
// and the other runs still listed; text from the broker reaches the
// terminal with its control characters escaped.
func TestMatchStatusMalformedEntries(t *testing.T) {
	emb, err := broker.StartEmbedded("127.0.0.1:0", t.TempDir(), broker.Credentials{}, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emb.Close)
	nc, err := broker.Connect(emb.URL(), "test", broker.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "XQ_RUNS"})
	if err != nil {
		t.Fatal(err)
	}
	started := time.Now().UTC().Add(-time.Hour)
	good := broker.Status{Run: "good", State: broker.StateFinished, Engines: []string{"new", "base"}, Planned: 4, Games: 4,
		Record: match.Record{Wins: 2, Draws: 1, Losses: 1}, Started: started, Updated: started.Add(time.Minute)}
	hostile := good
	hostile.Run, hostile.State = "hostile", broker.StateFailed
	hostile.Engines = []string{"new\x1b[2J", "base\r\nrun forged: finished"}
	hostile.Error = "\x1b]0;owned\x07 broken"
	negative := good
	negative.Run, negative.Games = "negative", -5
	overcounted := good
	overcounted.Run, overcounted.Record.Wins = "overcounted", 9
	for key, value := range map[string]any{"good": good, "hostile": hostile, "negative": negative, "overcounted": overcounted} {
		data, _ := json.Marshal(value)
		if _, err := kv.Put(ctx, key, data); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := kv.Put(ctx, "garbage", []byte("{\"run\": \"garbage\", \"games\": \"many\"")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCapture("match", "status", "-broker", emb.URL())
	if code != 1 {
		t.Errorf("exit %d (stderr %q), want 1", code, stderr)
	}
	for _, want := range []string{
		"run good: finished, updated ", "  4/4 games of new against base\n",
		"run garbage: a malformed entry on the broker, not shown (unreadable: ",
		"run negative: a malformed entry on the broker, not shown (impossible: -5 of 4 games)",
		"run overcounted: a malformed entry on the broker, not shown (impossible: record W 9 D 1 L 1 in 4 games)",
		"run hostile: failed", `"new\x1b[2J" against "base\r\nrun forged: finished"`, `error: "\x1b]0;owned\a broken"`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.ContainsAny(stdout, "\x1b\x07\r") || strings.Contains(stdout, "\nrun forged") {
		t.Errorf("control characters from the broker reached the output:\n%q", stdout)
	}
}

// TestBrokerText: printable text passes as it is; text with control
// characters is quoted and escaped; long text is cut.
func TestBrokerText(t *testing.T) {
	for in, want := range map[string]string{
		"plain name":                  "plain name",
		"引擎 甲":                        "引擎 甲",
		"a\tb":                        `"a\tb"`,
		"\x1b[31mred":                 `"\x1b[31mred"`,
		strings.Repeat("x", 300):      `"` + strings.Repeat("x", maxBrokerText) + `"...`,
		"bad utf8 \xff":               `"bad utf8 \xff"`,
		strings.Repeat("y", 200):      strings.Repeat("y", 200),
		"nul\x00inside":               `"nul\x00inside"`,
		"line one\nline two":          `"line one\nline two"`,
		"zero width\u200bjoiner":      `"zero width\u200bjoiner"`,
		"right-to-left \u202eabc":     `"right-to-left \u202eabc"`,
		"bell\a":                      `"bell\a"`,
		"":                            "",
		"del\x7f":                     `"del\x7f"`,
		"c1 control \u0085 next line": `"c1 control \u0085 next line"`,
	} {
		if got := brokerText(in); got != want {
			t.Errorf("brokerText(%q) = %s, want %s", in, got, want)
		}
	}
}
