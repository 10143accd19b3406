package pgn

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Names of the encodings the reader reports.
const (
	EncodingUTF8 = "UTF-8"
	EncodingGBK  = "GBK"
	EncodingBig5 = "Big5"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// lineDecoder turns raw lines into UTF-8. Lines are taken as UTF-8 until
// the first line that is not valid UTF-8; then the legacy encoding (GBK or
// Big5) is chosen once from a sample and used for every later line that is
// not plain ASCII.
type lineDecoder struct {
	legacy encoding.Encoding // nil until a non-UTF-8 line was met
	name   string
}

// needsDetection tells whether raw is the first line that is not UTF-8:
// the caller must then call detect before decode.
func (d *lineDecoder) needsDetection(raw []byte) bool {
	return d.legacy == nil && !utf8.Valid(raw)
}

// detect chooses the legacy encoding from a sample of the input that starts
// with the first non-UTF-8 line.
func (d *lineDecoder) detect(sample []byte) {
	d.legacy, d.name = detectLegacy(sample)
}

// decode converts one raw line.
func (d *lineDecoder) decode(raw []byte) string {
	if d.legacy == nil || isASCII(raw) {
		return string(raw)
	}
	out, err := d.legacy.NewDecoder().Bytes(raw)
	if err != nil {
		return string(bytes.ToValidUTF8(raw, []byte("\uFFFD")))
	}
	return string(out)
}

// encodingName reports the encoding seen so far.
func (d *lineDecoder) encodingName() string {
	if d.legacy != nil {
		return d.name
	}
	return EncodingUTF8
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// detectLegacy decides between GBK (read as its superset GB18030) and Big5:
// it decodes the sample both ways and keeps the one that yields more
// characters of xiangqi notation and fewer replacement characters. A tie
// goes to GBK.
func detectLegacy(sample []byte) (encoding.Encoding, string) {
	gbk := legacyScore(simplifiedchinese.GB18030, sample)
	big5 := legacyScore(traditionalchinese.Big5, sample)
	if big5 > gbk {
		return traditionalchinese.Big5, EncodingBig5
	}
	return simplifiedchinese.GB18030, EncodingGBK
}

// legacyScore counts notation characters minus undecodable ones.
func legacyScore(enc encoding.Encoding, sample []byte) int {
	text, err := enc.NewDecoder().Bytes(sample)
	if err != nil {
		return -len(sample)
	}
	score := 0
	for _, r := range string(text) {
		switch {
		case r == utf8.RuneError:
			score--
		case r >= 0x80 && classify(r).class != cnOther:
			score++
		}
	}
	return score
}
