package nnue

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// randomNet returns a net of layout arch with random weights within the
// trainer's bounds.
func randomNet(seed uint64, arch int) *Net {
	rng := rand.New(rand.NewPCG(seed, 3))
	n := NewNet(arch)
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(rng.IntN(2*505+1) - 505)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(rng.IntN(801) - 400)
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = int16(rng.IntN(255) - 127)
		}
		n.OutputBias[b] = int32(rng.IntN(20001) - 10000)
	}
	n.Description = "random test net"
	return n
}

func randomRow(rng *rand.Rand, lo, hi int) *[L1]int16 {
	var r [L1]int16
	for i := range r {
		r[i] = int16(lo + rng.IntN(hi-lo+1))
	}
	return &r
}

// TestKernelsAgree: the vectorised and the portable kernels give the same
// integers, extreme values and wrap-around included.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this machine: only the portable kernels run")
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 2000 {
		src, a, s1, s2 := randomRow(rng, -32768, 32767), randomRow(rng, -32768, 32767), randomRow(rng, -32768, 32767), randomRow(rng, -32768, 32767)
		var v, g [L1]int16
		subAddAVX2(&v[0], &src[0], &a[0], &s1[0])
		subAddGeneric(&g, src, a, s1)
		if v != g {
			t.Fatal("subAdd differs")
		}
		subSubAddAVX2(&v[0], &src[0], &a[0], &s1[0], &s2[0])
		subSubAddGeneric(&g, src, a, s1, s2)
		if v != g {
			t.Fatal("subSubAdd differs")
		}
		v, g = *src, *src
		addRowAVX2(&v[0], &a[0])
		addRowGeneric(&g, a)
		if v != g {
			t.Fatal("addRow differs")
		}
		w := randomRow(rng, -127, 127)
		if x, y := dotSCReLUAVX2(&src[0], &w[0]), dotSCReLUGeneric(src, w); x != y {
			t.Fatalf("dot: AVX2 %d, portable %d", x, y)
		}
	}
	// Every activation saturated with the largest weights: the int32 sum
	// wraps the same way in both.
	var full, wmax [L1]int16
	for i := range full {
		full[i], wmax[i] = 32767, 127
	}
	if x, y := dotSCReLUAVX2(&full[0], &wmax[0]), dotSCReLUGeneric(&full, &wmax); x != y {
		t.Fatalf("saturated dot: AVX2 %d, portable %d", x, y)
	}
}

// TestEvaluateBothKernels: a whole evaluation is the same with either set
// of kernels.
func TestEvaluateBothKernels(t *testing.T) {
	n := randomNet(1, ArchGeneral)
	rng := rand.New(rand.NewPCG(5, 5))
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for range 200 {
		feats := make([]uint16, 2+rng.IntN(31))
		for i := range feats {
			feats[i] = uint16(rng.IntN(MaxFeatures))
		}
		var res [2]int
		for k, avx := range []bool{false, saved} {
			useAVX2 = avx
			var us, them, moved [L1]int16
			n.Refresh(&us, feats)
			n.Refresh(&them, feats[1:])
			n.Capture(&moved, &us, int(feats[0]), 7, 11)
			res[k] = n.Evaluate(&moved, &them, len(feats))
		}
		if res[0] != res[1] {
			t.Fatalf("portable %d, AVX2 %d", res[0], res[1])
		}
	}
}

func TestNetFileRoundTripAndErrors(t *testing.T) {
	for _, arch := range []int{ArchPlain, ArchGeneral} {
		testNetFileRoundTripAndErrors(t, arch)
	}
}

func testNetFileRoundTripAndErrors(t *testing.T, arch int) {
	n := randomNet(2, arch)
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	m, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Arch != arch || m.Description != n.Description || m.FeatureWeights[12345] != n.FeatureWeights[12345] ||
		m.FeatureBias != n.FeatureBias || m.OutputWeights != n.OutputWeights || m.OutputBias != n.OutputBias {
		t.Fatal("read back a different net")
	}
	for i := range n.FeatureWeights {
		if m.FeatureWeights[i] != n.FeatureWeights[i] {
			t.Fatalf("feature weight %d differs", i)
		}
	}
	altered := append([]byte(nil), data...)
	altered[len(altered)/2] ^= 1
	otherArch := append([]byte(nil), data...)
	otherArch[12] = 7
	// The other layout's number on this one's weights.
	swapped := append([]byte(nil), data...)
	swapped[12] = byte(ArchPlain + ArchGeneral - arch)
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"truncated", data[:len(data)-10], ErrCorrupt},
		{"altered", altered, ErrCorrupt},
		{"other arch", otherArch, ErrArch},
		{"layouts swapped", swapped, ErrArch},
		{"foreign", []byte("PK\x03\x04 not a net at all, just some bytes here"), ErrNotNet},
		{"empty", nil, ErrNotNet},
	}
	for _, c := range cases {
		if _, err := Read(c.data); !errors.Is(err, c.want) {
			t.Errorf("arch %d, %s: %v, want %v", arch, c.name, err, c.want)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "n.nnue")
	os.WriteFile(path, data, 0o644)
	if _, err := Load(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir); err == nil {
		t.Error("a directory loaded as a net")
	}
}

func TestFeatureLayout(t *testing.T) {
	seen := map[int]bool{}
	for side := range 2 {
		for view := range 2 * GeneralBuckets {
			m := view&1 == 1
			for pc := 1; pc < 16; pc++ {
				if pc&7 == 0 {
					continue
				}
				for sq := range numSquares {
					f := Feature(side, pc, sq, m)
					if f < 0 || f >= PlainFeatures || FeatureOf(side, view, pc, sq) != f+(view>>1)*PlainFeatures {
						t.Fatalf("feature %d for side %d view %d piece %d square %d", f, side, view, pc, sq)
					}
					if side == 0 {
						seen[FeatureOf(side, view, pc, sq)] = true
					}
				}
			}
		}
	}
	// Each bucket has its own inputs, all of them used.
	if len(seen) != MaxFeatures {
		t.Errorf("%d distinct features from Red's views, want %d", len(seen), MaxFeatures)
	}
	// Red's piece on a0 for Red is Black's piece on a9 for Black.
	if Feature(0, 5, 0, false) != Feature(1, 13, 81, false) {
		t.Error("the two perspectives do not mirror each other")
	}
}

// TestGeneralBucket: the nine palace squares of each side fall into the
// six buckets by rank (from the side's own edge) and centre file or not,
// the two squares beside the centre sharing a bucket; the plain layout has
// one view per mirroring.
func TestGeneralBucket(t *testing.T) {
	for side := range 2 {
		count := map[int]int{}
		for _, r := range []int{0, 1, 2} {
			for _, f := range []int{3, 4, 5} {
				rank := r
				if side == 1 {
					rank = 9 - r
				}
				sq := rank*9 + f
				b := GeneralBucket(side, sq)
				want := 2 * r
				if f != 4 {
					want++
				}
				if b != want {
					t.Errorf("side %d, palace rank %d file %d: bucket %d, want %d", side, r, f, b, want)
				}
				count[b]++
				if v := View(ArchGeneral, side, sq); v != b<<1|boolInt(f > 4) {
					t.Errorf("side %d, square %d: general view %d", side, sq, v)
				}
				if v := View(ArchPlain, side, sq); v != boolInt(f > 4) {
					t.Errorf("side %d, square %d: plain view %d", side, sq, v)
				}
			}
		}
		if len(count) != GeneralBuckets {
			t.Errorf("side %d: %d buckets used, want %d", side, len(count), GeneralBuckets)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDefaultNet: the embedded net reads, carries its recipe and the data
// credit, and Open tells the embedded net, the classical evaluation and
// files apart.
func TestDefaultNet(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatalf("embedded net: %v", err)
	}
	if !strings.Contains(n.Description, "CC BY 4.0") {
		t.Errorf("embedded net's description lacks the data credit: %q", n.Description)
	}
	for _, name := range []string{"<embedded>", "embedded", "EMBEDDED"} {
		if got, err := Open(name); got != n || err != nil {
			t.Errorf("Open(%q) = %p, %v; want the embedded net", name, got, err)
		}
	}
	for _, name := range []string{"<classical>", "Classical"} {
		if got, err := Open(name); got != nil || err != nil {
			t.Errorf("Open(%q) = %p, %v; want nil (classical)", name, got, err)
		}
	}
	want, _ := Open(DefaultEval)
	if got, err := Open(""); got != want || err != nil {
		t.Errorf("Open(\"\") = %p, %v; want the default evaluation %s", got, err, DefaultEval)
	}
	path := filepath.Join(t.TempDir(), "copy.nnue")
	if err := os.WriteFile(path, defaultFile, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Open(path)
	if err != nil || got == n || got.Description != n.Description {
		t.Errorf("Open(file) = %p, %v; want a fresh copy of the net", got, err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.nnue")); err == nil {
		t.Error("Open of a missing file: no error")
	}
}

// TestEvaluateExtremeNet: a net that loads evaluates without wrapping.
// With every activation saturated and every output weight at the largest
// value Read accepts, each perspective's dot product is just within int32
// and their sum is not: the output is +101,600 (the int32 sum wrapped to
// -1604). The same with the weights negated, with either set of kernels.
func TestEvaluateExtremeNet(t *testing.T) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, sign := range []int16{1, -1} {
		n := NewNet(ArchPlain)
		for i := range n.FeatureBias {
			n.FeatureBias[i] = QA
		}
		for b := range n.OutputWeights {
			for i := range n.OutputWeights[b] {
				n.OutputWeights[b][i] = 127 * sign
			}
		}
		var buf bytes.Buffer
		n.WriteTo(&buf)
		loaded, err := Read(buf.Bytes())
		if err != nil {
			t.Fatalf("the extreme net does not load: %v", err)
		}
		sum := int64(2*L1) * QA * QA * 127 * int64(sign)
		want := int(sum / QA * Scale / (QA * QB))
		if want != 101600*int(sign) {
			t.Fatalf("test arithmetic: want %d", want)
		}
		for _, avx := range []bool{false, saved} {
			useAVX2 = avx
			var us, them [L1]int16
			loaded.Refresh(&us, nil)
			loaded.Refresh(&them, nil)
			if got := loaded.Evaluate(&us, &them, 32); got != want {
				t.Errorf("weights %d, AVX2 %v: Evaluate = %d, want %d", 127*sign, avx, got, want)
			}
		}
	}
}
