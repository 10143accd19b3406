package tbgen

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/goxq/ucci/engine/tb"
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
func (b *Builder) Build(dir string, m tb.Material, report func(Report)) error {
	if b.Tables.Has(m) {
		return nil
	}
	for _, s := range m.Subsets() {
		if err := b.Build(dir, s, report); err != nil {
			return err
		}
	}
	path := filepath.Join(dir, tb.FileName(m))
	if _, err := os.Stat(path); err == nil {
		if t, err := tb.OpenTable(dir, m); err == nil {
			b.Tables.Add(t)
			report(Report{Stats: Stats{Material: m, Longest: t.Longest}, Size: t.FileSize(), Existing: true})
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	vals, st, err := b.Generate(m)
	if err != nil {
		return err
	}
	size, err := tb.WriteTable(dir, m, vals)
	if err != nil {
		return err
	}
	t, err := tb.OpenTable(dir, m)
	if err != nil {
		return err
	}
	b.Tables.Add(t)
	report(Report{Stats: st, Size: size})
	return nil
}

// Plan returns the tables a build of mats makes, in the order it makes
// them: each table after the tables it needs, each once.
func Plan(mats []tb.Material) []tb.Material {
	var out []tb.Material
	seen := map[tb.Material]bool{}
	var visit func(m tb.Material)
	visit = func(m tb.Material) {
		if seen[m] {
			return
		}
		seen[m] = true
		for _, s := range m.Subsets() {
			visit(s)
		}
		out = append(out, m)
	}
	for _, m := range mats {
		visit(m)
	}
	return out
}

// BuildNamed builds the tables of the materials named (FEN letters, as
// ParseMaterial reads them) in dir with the tables they need, on workers
// goroutines (0: one per core), and returns them loaded.
func BuildNamed(dir string, names []string, workers int) (*tb.Tables, error) {
	b := &Builder{Tables: tb.NewTables(), Workers: workers}
	for _, s := range names {
		m, err := tb.ParseMaterial(s)
		if err == nil {
			err = b.Build(dir, m, func(Report) {})
		}
		if err != nil {
			b.Tables.Close()
			return nil, err
		}
	}
	return b.Tables, nil
}
