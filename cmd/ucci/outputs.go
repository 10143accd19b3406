package main

import (
	"io"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/safefile"
)

// enginePrograms lists the programs of engine SPECs as inputs, so that no
// output overwrites an engine: a name without a directory is looked up in
// PATH (left out when not found: it cannot be started either), a relative
// path is taken in the SPEC's dir.
func enginePrograms(specs []engineproc.EngineSpec) []safefile.Named {
	var out []safefile.Named
	for _, s := range specs {
		path := s.Cmd
		switch {
		case !strings.ContainsRune(path, filepath.Separator):
			p, err := exec.LookPath(path)
			if err != nil {
				continue
			}
			path = p
		case s.Dir != "" && !filepath.IsAbs(path):
			path = filepath.Join(s.Dir, path)
		}
		out = append(out, safefile.Named{Name: "-engine", Path: path})
	}
	return out
}

// writeOut writes with write to the file out, a new version renamed over
// the old one when complete (safefile.Create: a failed write leaves the old
// file), or to stdout when out is empty.
func writeOut(out string, stdout io.Writer, write func(io.Writer) error) error {
	if out == "" {
		return write(stdout)
	}
	f, err := safefile.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}
