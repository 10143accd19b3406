package texel

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Layout names every weight of the evaluation. It is read from the
// comments that engine.FormatParams writes, so it follows the engine's
// parameter table as it grows.
type Layout struct {
	// Names holds one name per weight: "title" for a lone weight, or
	// "title[k]" for the k-th weight of a group.
	Names []string
	// Groups lists the groups in table order.
	Groups []Group
}

// Group is a run of weights under one title.
type Group struct {
	Title       string
	Start, Size int
}

// EngineLayout returns the layout of the engine's weights.
func EngineLayout() (*Layout, error) {
	src, err := engine.FormatParams(engine.EvalParams())
	if err != nil {
		return nil, err
	}
	return parseLayout(src, engine.NumEvalParams)
}

// parseLayout reads the group comments of a params.go source.
func parseLayout(src []byte, n int) (*Layout, error) {
	l := &Layout{}
	inTable := false
	title := ""
	for _, raw := range bytes.Split(src, []byte("\n")) {
		line := strings.TrimSpace(string(raw))
		switch {
		case line == "// BEGIN PARAMS":
			inTable = true
			continue
		case line == "// END PARAMS":
			inTable = false
		}
		if !inTable {
			continue
		}
		if strings.HasPrefix(line, "//") {
			title = strings.TrimSpace(strings.TrimPrefix(line, "//"))
			l.Groups = append(l.Groups, Group{Title: title, Start: len(l.Names)})
			continue
		}
		count := strings.Count(line, "{")
		if count == 0 {
			continue
		}
		if _, lone, ok := strings.Cut(line, "//"); ok {
			lone = strings.TrimSpace(lone)
			l.Groups = append(l.Groups, Group{Title: lone, Start: len(l.Names), Size: 1})
			l.Names = append(l.Names, lone)
			continue
		}
		if len(l.Groups) == 0 {
			return nil, fmt.Errorf("weights before any group title")
		}
		g := &l.Groups[len(l.Groups)-1]
		for k := 0; k < count; k++ {
			l.Names = append(l.Names, fmt.Sprintf("%s[%d]", g.Title, g.Size))
			g.Size++
		}
	}
	// Drop titles that only introduce the next one (no weights of their own).
	groups := l.Groups[:0]
	for _, g := range l.Groups {
		if g.Size > 0 {
			groups = append(groups, g)
		}
	}
	l.Groups = groups
	if len(l.Names) != n {
		return nil, fmt.Errorf("layout has %d weights, the engine %d", len(l.Names), n)
	}
	return l, nil
}

// Group returns the group named title (case-insensitive).
func (l *Layout) Group(title string) (Group, bool) {
	for _, g := range l.Groups {
		if strings.EqualFold(g.Title, title) {
			return g, true
		}
	}
	return Group{}, false
}

// Mask returns a per-weight mask that is true for the weights of the named
// groups, or an error naming an unknown group.
func (l *Layout) Mask(titles []string) ([]bool, error) {
	m := make([]bool, len(l.Names))
	for _, t := range titles {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		g, ok := l.Group(t)
		if !ok {
			return nil, fmt.Errorf("no weight group %q (groups: %s)", t, strings.Join(l.Titles(), ", "))
		}
		for i := g.Start; i < g.Start+g.Size; i++ {
			m[i] = true
		}
	}
	return m, nil
}

// Titles lists the group titles.
func (l *Layout) Titles() []string {
	var out []string
	for _, g := range l.Groups {
		out = append(out, g.Title)
	}
	return out
}

// PieceTables returns the material group (titled "material", one weight
// per piece type) and the piece-square table of each piece type: the groups
// of more than one weight that follow it, in piece-type order.
func (l *Layout) PieceTables() (material Group, tables []Group, ok bool) {
	material, ok = l.Group("material")
	if !ok {
		return Group{}, nil, false
	}
	for _, g := range l.Groups {
		if g.Start >= material.Start+material.Size && g.Size > 1 && len(tables) < material.Size {
			tables = append(tables, g)
		}
	}
	return material, tables, len(tables) == material.Size
}
