package tb

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultDir is where the engine and the tb commands look for tables when
// no directory is given: "tablebases" beside the executable (where make tb
// builds them), else in the working directory.
const DefaultDir = "tablebases"

// Tables is a set of loaded tables, looked up by material without a map so
// that the search may probe it.
type Tables struct {
	byKey     [numKeys]*Table
	list      []*Table
	maxPieces int
}

// NewTables returns an empty set.
func NewTables() *Tables { return &Tables{} }

// Add puts a table in the set, replacing one of the same material.
func (ts *Tables) Add(t *Table) {
	k := t.Material.key()
	if old := ts.byKey[k]; old != nil {
		for i, o := range ts.list {
			if o == old {
				ts.list = append(ts.list[:i], ts.list[i+1:]...)
				break
			}
		}
		_ = old.Close()
	}
	ts.byKey[k] = t
	ts.list = append(ts.list, t)
	ts.maxPieces = max(ts.maxPieces, t.Material.Pieces())
}

// Len returns the number of tables.
func (ts *Tables) Len() int { return len(ts.list) }

// MaxPieces returns the most pieces (generals included) of any table.
func (ts *Tables) MaxPieces() int { return ts.maxPieces }

// Has tells whether the set holds the table of m.
func (ts *Tables) Has(m Material) bool {
	t := ts.byKey[m.key()]
	return t != nil && t.Material == m
}

// Materials returns the materials of the set, by name.
func (ts *Tables) Materials() []Material {
	out := make([]Material, 0, len(ts.list))
	for _, t := range ts.list {
		out = append(out, t.Material)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Close releases every table.
func (ts *Tables) Close() error {
	var errs []error
	for _, t := range ts.list {
		errs = append(errs, t.Close())
	}
	*ts = Tables{}
	return errors.Join(errs...)
}

// Load opens every table file of dir. A file that is damaged or cannot be
// opened is skipped and reported through warn, once; a missing directory
// gives an empty set and one warning.
func Load(dir string, warn func(string)) *Tables {
	ts := NewTables()
	entries, err := os.ReadDir(dir)
	if err != nil {
		warn("tablebases: " + err.Error())
		return ts
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, fileExt) || strings.HasPrefix(name, ".") {
			continue
		}
		m, err := ParseMaterial(strings.TrimSuffix(name, fileExt))
		if err != nil || FileName(m) != name {
			warn("tablebases: skipped " + filepath.Join(dir, name) + ": not a table name")
			continue
		}
		t, err := OpenTable(dir, m)
		if err != nil {
			warn("tablebases: skipped " + err.Error())
			continue
		}
		ts.Add(t)
	}
	return ts
}

// Table returns the table of m, nil when the set has none.
func (ts *Tables) Table(m Material) *Table {
	t := ts.byKey[m.key()]
	if t == nil || t.Material != m {
		return nil
	}
	return t
}

// Probe returns the value of a placement for its side to move; ok is
// false when no table holds it. A placement with no attacking piece on
// either side is a draw without a table. Probe does not allocate.
func (ts *Tables) Probe(pl *Placement) (v Value, ok bool) {
	if noAttackers(pl) {
		return Draw, true
	}
	m, strong, ok := materialOf(pl)
	if !ok {
		return Draw, false
	}
	t := ts.byKey[m.key()]
	if t == nil || t.Material != m {
		return Draw, false
	}
	idx, ok := t.lay.Index(pl, strong)
	if !ok {
		return Draw, false
	}
	return t.At(idx), true
}
