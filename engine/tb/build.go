package tb

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Report describes one table of a build: built now (Stats filled) or found
// whole on disk (Existing).
type Report struct {
	Stats    Stats
	Size     int64 // bytes on disk
	Existing bool
}

// Build makes the table of m in dir with every table it needs, smallest
// first. A table whose file is already in dir and whole is loaded, not
// built again, so an interrupted build resumes where it stopped; a table
// is written under a temporary name and renamed, so a file is whole or
// absent. report is called once per table.
func (b *Builder) Build(dir string, m Material, report func(Report)) error {
	if b.Tables.Has(m) {
		return nil
	}
	for _, s := range m.Subsets() {
		if err := b.Build(dir, s, report); err != nil {
			return err
		}
	}
	path := filepath.Join(dir, FileName(m))
	if _, err := os.Stat(path); err == nil {
		if t, err := OpenTable(dir, m); err == nil {
			b.Tables.Add(t)
			report(Report{Stats: Stats{Material: m, Longest: t.Longest}, Size: headerSize + 2*t.Size(), Existing: true})
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	vals, st, err := b.Generate(m)
	if err != nil {
		return err
	}
	size, err := writeTable(dir, m, vals)
	if err != nil {
		return err
	}
	t, err := OpenTable(dir, m)
	if err != nil {
		return err
	}
	b.Tables.Add(t)
	report(Report{Stats: st, Size: size})
	return nil
}
