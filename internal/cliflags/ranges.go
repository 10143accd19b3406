package cliflags

import (
	"fmt"
	"time"
)

// MaxInt stands for "no upper bound" in IntIn.
const MaxInt = int(^uint(0) >> 1)

// IntIn checks that the integer flag name lies in [lo, hi].
func IntIn(name string, v, lo, hi int) error {
	switch {
	case v >= lo && v <= hi:
		return nil
	case hi == MaxInt:
		return fmt.Errorf("-%s %d: out of range (want %d or more)", name, v, lo)
	}
	return fmt.Errorf("-%s %d: out of range (want %d to %d)", name, v, lo, hi)
}

// FloatIn checks that the number flag name lies in [lo, hi] (NaN does not).
func FloatIn(name string, v, lo, hi float64) error {
	if v >= lo && v <= hi {
		return nil
	}
	return fmt.Errorf("-%s %g: out of range (want %g to %g)", name, v, lo, hi)
}

// FloatAbove checks that the number flag name is above lo and finite.
func FloatAbove(name string, v, lo float64) error {
	if v > lo && v-v == 0 {
		return nil
	}
	return fmt.Errorf("-%s %g: out of range (want more than %g)", name, v, lo)
}

// DurationAbove checks that the duration flag name is above lo.
func DurationAbove(name string, v, lo time.Duration) error {
	if v > lo {
		return nil
	}
	return fmt.Errorf("-%s %v: out of range (want more than %v)", name, v, lo)
}

// Required checks that the flag name was given a value.
func Required(name, v string) error {
	if v == "" {
		return fmt.Errorf("-%s is required", name)
	}
	return nil
}

// FirstError returns the first non-nil error.
func FirstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// NonZero checks that the count flag name is 1 or more.
func NonZero(name string, v uint64) error {
	if v > 0 {
		return nil
	}
	return fmt.Errorf("-%s 0: out of range (want 1 or more)", name)
}

// Share checks that the flag name is a share below the whole: in [0, 1).
func Share(name string, v float64) error {
	if v >= 0 && v < 1 {
		return nil
	}
	return fmt.Errorf("-%s %g: out of range (want 0 or more, below 1)", name, v)
}
