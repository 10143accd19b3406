package cliflags

import (
	"errors"
	"flag"
	"math"
	"strconv"
	"strings"
)

// Size is a flag of a number of bytes, given as a number with an optional
// unit: B, kB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers
// of 1024), in any case ("2GB", "1.5 GiB", "500mb", "0").
type Size int64

// The units of a Size, longest suffix first where one ends another.
var sizeUnits = []struct {
	suffix string
	bytes  float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// ParseSize reads a size as Size documents it.
func ParseSize(s string) (Size, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := 1.0
	for _, u := range sizeUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, scale = strings.TrimSpace(num), u.bytes
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return 0, errors.New("want a size such as 2GB, 512MiB or 0")
	case v < 0:
		return 0, errors.New("a size is not negative")
	case v*scale >= math.MaxInt64:
		return 0, errors.New("size too large")
	}
	return Size(math.Round(v * scale)), nil
}

// String returns the size in the largest binary unit that divides it
// ("2GiB"), in bytes otherwise.
func (s *Size) String() string {
	v := int64(*s)
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if v != 0 && v%u.bytes == 0 {
			return strconv.FormatInt(v/u.bytes, 10) + u.name
		}
	}
	return strconv.FormatInt(v, 10)
}

// Set parses the flag's value.
func (s *Size) Set(v string) error {
	n, err := ParseSize(v)
	if err != nil {
		return err
	}
	*s = n
	return nil
}

// SizeFlag defines a Size flag name with the default value and usage.
func SizeFlag(fs *flag.FlagSet, name string, value Size, usage string) *Size {
	s := value
	fs.Var(&s, name, usage)
	return &s
}
