package engineproc

import (
	"reflect"
	"testing"
)

func TestParseEngineSpec(t *testing.T) {
	s, err := ParseEngineSpec("/opt/eleeye")
	if err != nil || s.Cmd != "/opt/eleeye" || s.DisplayName() != "eleeye" {
		t.Errorf("bare path: %+v %v", s, err)
	}
	s, err = ParseEngineSpec(`cmd=bin/ucci name="Go XQ" proto=uci arg=-x arg='a b' option.Hash=64 option.BookFile="/my books/b.xqb" units=s dir=/tmp`)
	want := EngineSpec{
		Name: "Go XQ", Cmd: "bin/ucci", Args: []string{"-x", "a b"}, Dir: "/tmp", Proto: ProtoUCI,
		Options: []Option{{"Hash", "64"}, {"BookFile", "/my books/b.xqb"}}, Seconds: true,
	}
	if err != nil || !reflect.DeepEqual(s, want) {
		t.Errorf("full spec:\n got %+v %v\nwant %+v", s, err, want)
	}
	for _, bad := range []string{"", "name=x", "cmd=a proto=xboard", "cmd=a foo=1", "cmd=a bare", `cmd="a`, "cmd=a option.=1", "cmd=a units=h"} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("ParseEngineSpec(%q) accepted", bad)
		}
	}
}
