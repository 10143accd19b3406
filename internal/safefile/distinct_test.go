package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckOutputs: an output that is an input by any path (the same
// name, another spelling, a symbolic link, a hard link) is refused, and so
// is one inside an input directory at any depth or through a link, and
// two outputs naming one file; other outputs pass.
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	os.WriteFile(in, []byte("x"), 0o644)
	os.Symlink(in, filepath.Join(dir, "link.pgn"))
	os.Link(in, filepath.Join(dir, "hard.pgn"))
	data := filepath.Join(dir, "data")
	os.MkdirAll(filepath.Join(data, "sub"), 0o755)
	os.Symlink(data, filepath.Join(dir, "datalink"))
	t.Chdir(dir)
	input := []Named{{"input", in}, {"-dir", data}, {"-missing", "nowhere.pgn"}}
	for _, c := range []struct {
		outs []string
		want string // part of the error; "" for none
	}{
		{[]string{in}, "is the input input"},
		{[]string{"in.pgn"}, "is the input"},
		{[]string{"link.pgn"}, "is the input"},
		{[]string{"hard.pgn"}, "is the input"},
		{[]string{filepath.Join(data, "net.bin")}, "inside the input directory -dir"},
		{[]string{filepath.Join(data, "sub", "deep.bin")}, "inside the input directory"},
		{[]string{"datalink/net.bin"}, "inside the input directory"},
		{[]string{data}, "is the input -dir"},
		{[]string{"out.pgn", "./out.pgn"}, "are the same file"},
		{[]string{"out.pgn", "out.log"}, ""},
		{[]string{"", "out.pgn"}, ""},
	} {
		var outs []Named
		for i, o := range c.outs {
			outs = append(outs, Named{[]string{"-pgn", "-log"}[i], o})
		}
		err := CheckOutputs(outs, input)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v, want no error", c.outs, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want an error with %q", c.outs, err, c.want)
		}
	}
	// A link to a file inside an input directory writes there: refused.
	os.WriteFile(filepath.Join(data, "old.bin"), nil, 0o644)
	os.Symlink(filepath.Join(data, "old.bin"), filepath.Join(dir, "out-link.bin"))
	if err := CheckOutputs([]Named{{"-out", "out-link.bin"}}, input); err == nil || !strings.Contains(err.Error(), "inside") {
		t.Errorf("a link into an input directory: %v", err)
	}
}

func TestNames(t *testing.T) {
	got := Names("-out", "a", "b")
	if len(got) != 2 || got[0] != (Named{"-out", "a"}) || got[1].String() != "-out b" || len(Names("")) != 0 {
		t.Errorf("Names: %v", got)
	}
	if s := Names("", "x")[0].String(); s != "x" {
		t.Errorf("an argument: %q", s)
	}
}
