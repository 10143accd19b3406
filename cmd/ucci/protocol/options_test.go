package protocol

import "testing"

func TestSplitSetOption(t *testing.T) {
	cases := []struct{ in, name, value string }{
		{"name Hash value 128", "Hash", "128"},
		{"NAME Clear Hash", "Clear Hash", ""},
		{"name Move Overhead VALUE 50", "Move Overhead", "50"},
		{"name Debug Log File value /tmp/a b.log", "Debug Log File", "/tmp/a b.log"},
		{"name OwnBook value", "OwnBook", ""},
		{"hashsize 64", "hashsize", "64"},
		{"bookfiles C:\\books\\my book.dat;other.dat", "bookfiles", "C:\\books\\my book.dat;other.dat"},
		{"newgame", "newgame", ""},
		{"name \xff\xff value 1", "\xff\xff", "1"},
		{"name \u023a\u023a\u023a value 1", "\u023a\u023a\u023a", "1"},
		{"name\tX\tvalue\t2", "X", "2"},
		{"", "", ""},
	}
	for _, c := range cases {
		if n, v := splitSetOption(c.in); n != c.name || v != c.value {
			t.Errorf("%q: got %q %q, want %q %q", c.in, n, v, c.name, c.value)
		}
	}
}
