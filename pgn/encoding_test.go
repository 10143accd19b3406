package pgn

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

func encodeGBK(b []byte) ([]byte, error) {
	return simplifiedchinese.GBK.NewEncoder().Bytes(b)
}

// toTraditional swaps the simplified characters of the test files for
// their traditional forms, which Big5 can encode.
var toTraditional = strings.NewReplacer("马", "馬", "进", "進", "车", "車", "后", "後", "将", "將", "帅", "帥")

func encodeBig5(b []byte) ([]byte, error) {
	return traditionalchinese.Big5.NewEncoder().Bytes([]byte(toTraditional.Replace(string(b))))
}

func TestDetectLegacy(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"1. 炮二平五 马８进７ 2. 马二进三 车９平８", EncodingGBK},
		{"1. 炮二平五 馬８進７ 2. 馬二進三 車９平８", EncodingGBK}, // GBK holds traditional characters too
		{"[Event \"四川 許文章 負 廣東 呂欽\"]\n1. 炮二平五 馬８進７", EncodingBig5},
	} {
		var raw []byte
		var err error
		if c.want == EncodingGBK {
			raw, err = encodeGBK([]byte(c.text))
		} else {
			raw, err = encodeBig5([]byte(c.text))
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, got := detectLegacy(raw); got != c.want {
			t.Errorf("%q: detected %s, want %s", c.text, got, c.want)
		}
	}
}

func TestLineDecoderStaysUTF8ForASCII(t *testing.T) {
	var d lineDecoder
	for _, line := range []string{"[Event \"x\"]", "1. h2e2 h9g7", "炮二平五"} {
		if d.needsDetection([]byte(line)) {
			t.Fatalf("%q needs detection", line)
		}
		if got := d.decode([]byte(line)); got != line {
			t.Errorf("decode(%q) = %q", line, got)
		}
	}
	if d.encodingName() != EncodingUTF8 {
		t.Errorf("encoding %s", d.encodingName())
	}
}
