package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/goxq/ucci/internal/safefile"
)

// Net is a quantised network.
type Net struct {
	// Arch is the layout: ArchPlain or ArchGeneral.
	Arch int
	// FeatureWeights[f*L1+i] is the weight of input f for accumulator
	// entry i, scaled by QA; Features(Arch) inputs.
	FeatureWeights []int16
	FeatureBias    [L1]int16
	// OutputWeights[b][i]: bucket b, entry i of the side to move's
	// accumulator (i < L1) or of the other side's (i >= L1), scaled by QB.
	OutputWeights [OutputBuckets][2 * L1]int16
	// OutputBias[b] is scaled by QA*QB.
	OutputBias [OutputBuckets]int32
	// Description says how the net was made (free text, at most 4 KiB).
	Description string
}

// NewNet returns a net of layout arch (ArchPlain or ArchGeneral; any
// other value is taken as ArchPlain) with zero weights.
func NewNet(arch int) *Net {
	if Features(arch) == 0 {
		arch = ArchPlain
	}
	return &Net{Arch: arch, FeatureWeights: make([]int16, Features(arch)*L1)}
}

// View returns how perspective side sees the board when its general
// stands on kingSquare (the package function View for n's layout).
func (n *Net) View(side, kingSquare int) int { return View(n.Arch, side, kingSquare) }

// File format: a header, the description, then the weights, all little
// endian.
//
//	magic "GXQNNUE\x00" (8 bytes), version uint32 (1), arch uint32 (Arch),
//	features, L1, buckets uint32, CRC-32 (IEEE) of everything after the
//	header uint32, description length uint32, description bytes,
//	feature weights int16 [features][L1], feature bias int16 [L1],
//	output weights int16 [buckets][2*L1], output bias int32 [buckets].
const (
	fileMagic   = "GXQNNUE\x00"
	fileVersion = 1
	headerSize  = 36
	maxDescLen  = 4096
)

// payloadSize is the size of the weights in a file of a net with features
// inputs.
func payloadSize(features int) int {
	return 2*features*L1 + 2*L1 + 2*OutputBuckets*2*L1 + 4*OutputBuckets
}

// Errors of Read.
var (
	ErrNotNet  = errors.New("nnue: not a network file")
	ErrArch    = errors.New("nnue: network of another architecture")
	ErrCorrupt = errors.New("nnue: damaged network file")
)

// WriteTo writes the net in the file format.
func (n *Net) WriteTo(w io.Writer) (int64, error) {
	desc := []byte(n.Description)
	if len(desc) > maxDescLen {
		desc = desc[:maxDescLen]
	}
	var body bytes.Buffer
	binary.Write(&body, binary.LittleEndian, uint32(len(desc)))
	body.Write(desc)
	binary.Write(&body, binary.LittleEndian, n.FeatureWeights)
	binary.Write(&body, binary.LittleEndian, n.FeatureBias[:])
	for b := range n.OutputWeights {
		binary.Write(&body, binary.LittleEndian, n.OutputWeights[b][:])
	}
	binary.Write(&body, binary.LittleEndian, n.OutputBias[:])
	var h [headerSize - 4]byte
	copy(h[:], fileMagic)
	le := binary.LittleEndian
	le.PutUint32(h[8:], fileVersion)
	le.PutUint32(h[12:], uint32(n.Arch))
	le.PutUint32(h[16:], uint32(len(n.FeatureWeights)/L1))
	le.PutUint32(h[20:], L1)
	le.PutUint32(h[24:], OutputBuckets)
	le.PutUint32(h[28:], crc32.ChecksumIEEE(body.Bytes()))
	k, err := w.Write(h[:])
	if err != nil {
		return int64(k), err
	}
	m, err := w.Write(body.Bytes())
	return int64(k + m), err
}

// Read reads a net in the file format, checking its header, size and
// checksum. Errors wrap ErrNotNet, ErrArch or ErrCorrupt.
func Read(data []byte) (*Net, error) {
	le := binary.LittleEndian
	if len(data) < headerSize || string(data[:8]) != fileMagic {
		return nil, ErrNotNet
	}
	if v := le.Uint32(data[8:]); v != fileVersion {
		return nil, fmt.Errorf("%w: format version %d, this build reads %d", ErrArch, v, fileVersion)
	}
	arch, feats, l1, buckets := le.Uint32(data[12:]), le.Uint32(data[16:]), le.Uint32(data[20:]), le.Uint32(data[24:])
	if Features(int(arch)) == 0 || feats != uint32(Features(int(arch))) || l1 != L1 || buckets != OutputBuckets {
		return nil, fmt.Errorf("%w: arch %d (%d inputs, %d hidden, %d buckets), this build runs arch %d (%d, %d, %d) and %d (%d, %d, %d)",
			ErrArch, arch, feats, l1, buckets, ArchPlain, PlainFeatures, L1, OutputBuckets, ArchGeneral, MaxFeatures, L1, OutputBuckets)
	}
	size := payloadSize(int(feats))
	body := data[headerSize-4:]
	if crc32.ChecksumIEEE(body) != le.Uint32(data[28:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or altered)", ErrCorrupt)
	}
	descLen := int(le.Uint32(body))
	if descLen > maxDescLen || len(body) != 4+descLen+size {
		return nil, fmt.Errorf("%w: %d bytes of weights, want %d", ErrCorrupt, len(body)-4-min(descLen, len(body)-4), size)
	}
	n := NewNet(int(arch))
	n.Description = string(body[4 : 4+descLen])
	r := bytes.NewReader(body[4+descLen:])
	binary.Read(r, le, n.FeatureWeights)
	binary.Read(r, le, n.FeatureBias[:])
	for b := range n.OutputWeights {
		binary.Read(r, le, n.OutputWeights[b][:])
	}
	binary.Read(r, le, n.OutputBias[:])
	return n, n.check()
}

// check rejects output weights beyond the int16 product bound of the
// kernels (|w| * QA must fit in int16).
func (n *Net) check() error {
	for b := range n.OutputWeights {
		for _, w := range n.OutputWeights[b] {
			if w > 127 || w < -127 {
				return fmt.Errorf("%w: output weight %d beyond +-127", ErrCorrupt, w)
			}
		}
	}
	return nil
}

// maxFileSize bounds what Load reads: a net of the largest layout.
var maxFileSize = int64(headerSize + maxDescLen + payloadSize(MaxFeatures))

// Load reads a net file; only regular files of at most a net's size are
// read (a FIFO or a device is refused without blocking: safefile).
func Load(path string) (*Net, error) {
	data, err := safefile.ReadFile(path, maxFileSize)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, fmt.Errorf("%w: %w", ErrNotNet, err)
	}
	if err != nil {
		return nil, err
	}
	n, err := Read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}
