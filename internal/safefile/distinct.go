package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Named is a file named on a command line: Name says by what (a flag such
// as "-pgn"; empty for an argument), Path is the path given.
type Named struct {
	Name, Path string
}

func (n Named) String() string {
	if n.Name == "" {
		return n.Path
	}
	return n.Name + " " + n.Path
}

// Names lists paths as files named by name (a flag such as "-out", or ""
// for the arguments), for CheckOutputs.
func Names(name string, paths ...string) []Named {
	out := make([]Named, 0, len(paths))
	for _, p := range paths {
		out = append(out, Named{Name: name, Path: p})
	}
	return out
}

// CheckOutputs refuses outputs that would destroy an input or each other:
// an output that is an input (compared with os.SameFile, so also through
// another path, a symbolic link or a hard link), an output inside an input
// directory (at any depth), and two outputs that are one file. Outputs and
// inputs with an empty Path are left out, and so are inputs that do not
// exist (reading them fails on its own). Every command that writes files
// calls it before it writes anything.
func CheckOutputs(outputs, inputs []Named) error {
	var ins []located
	for _, in := range inputs {
		if in.Path == "" {
			continue
		}
		if info, err := os.Stat(in.Path); err == nil {
			ins = append(ins, located{Named: in, info: info})
		}
	}
	var outs []located
	for _, out := range outputs {
		if out.Path == "" {
			continue
		}
		o, err := locate(out)
		if err != nil {
			return err
		}
		for _, in := range ins {
			if o.info != nil && os.SameFile(o.info, in.info) {
				return fmt.Errorf("%v is the input %v: not overwriting it", out, in.Named)
			}
			if in.info.IsDir() && o.inside(in.info) {
				return fmt.Errorf("%v is inside the input directory %v: not writing there", out, in.Named)
			}
		}
		for _, prev := range outs {
			if o.same(prev) {
				return fmt.Errorf("%v and %v are the same file", prev.Named, out)
			}
		}
		outs = append(outs, o)
	}
	return nil
}

// located is a named file with what is known of it: info when it exists;
// for an output, the directories it lies in and its name there.
type located struct {
	Named
	info fs.FileInfo
	dirs []fs.FileInfo // the output's directory, then each one above it
	base string
}

// locate finds an output: the file when it exists, and the chain of
// directories it is in (through symbolic links, to the real ones, where
// Create writes).
func locate(n Named) (located, error) {
	path := n.Path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	l := located{Named: n, base: filepath.Base(path)}
	if info, err := os.Stat(path); err == nil {
		l.info = info
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return l, nil // a missing directory: writing fails on its own
		}
		return l, err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return l, err
	}
	for {
		info, err := os.Stat(dir)
		if err != nil {
			return l, err
		}
		l.dirs = append(l.dirs, info)
		up := filepath.Dir(dir)
		if up == dir {
			return l, nil
		}
		dir = up
	}
}

// inside tells whether the output lies in the directory dir, at any depth.
func (l located) inside(dir fs.FileInfo) bool {
	for _, d := range l.dirs {
		if os.SameFile(d, dir) {
			return true
		}
	}
	return false
}

// same tells whether two outputs are one file: the same existing file, or
// the same name in the same directory.
func (l located) same(o located) bool {
	if l.info != nil && o.info != nil {
		return os.SameFile(l.info, o.info)
	}
	return l.base == o.base && len(l.dirs) > 0 && len(o.dirs) > 0 && os.SameFile(l.dirs[0], o.dirs[0])
}
