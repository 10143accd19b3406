package texel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Layout names every weight of the evaluation, from the engine's weight
// table (engine.WeightGroups).
type Layout struct {
	// Names holds one name per weight: "title" for a lone weight, or
	// "title[k]" for the k-th weight of a group.
	Names []string
	// Groups lists the groups in table order.
	Groups []Group
}

// Group is a run of weights under one title.
type Group struct {
	Title, Kind string
	Start, Size int
}

// EngineLayout returns the layout of the engine's weights.
func EngineLayout() *Layout {
	l := &Layout{}
	for _, g := range engine.WeightGroups() {
		l.Groups = append(l.Groups, Group{Title: g.Name, Kind: g.Kind, Start: g.Start, Size: g.Size})
		for k := 0; k < g.Size; k++ {
			if g.Size == 1 {
				l.Names = append(l.Names, g.Name)
			} else {
				l.Names = append(l.Names, fmt.Sprintf("%s[%d]", g.Name, k))
			}
		}
	}
	return l
}

// Group returns the group titled title (case-insensitive).
func (l *Layout) Group(title string) (Group, bool) {
	for _, g := range l.Groups {
		if strings.EqualFold(g.Title, title) {
			return g, true
		}
	}
	return Group{}, false
}

// Mask returns a per-weight mask that is true for the weights of the named
// groups, each given by its title or by its kind (every group of that kind,
// e.g. "piece-square"), or an error naming an unknown one.
func (l *Layout) Mask(names []string) ([]bool, error) {
	m := make([]bool, len(l.Names))
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		found := false
		for _, g := range l.Groups {
			if strings.EqualFold(g.Title, n) || strings.EqualFold(g.Kind, n) {
				found = true
				for i := g.Start; i < g.Start+g.Size; i++ {
					m[i] = true
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("no weight group %q (groups: %s; kinds: %s)", n,
				strings.Join(l.Titles(), ", "), strings.Join(l.Kinds(), ", "))
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

// Kinds lists the kinds of groups, each once, in table order.
func (l *Layout) Kinds() []string {
	var out []string
	for _, g := range l.Groups {
		if !slices.Contains(out, g.Kind) {
			out = append(out, g.Kind)
		}
	}
	return out
}

// PieceTables returns the material group (one weight per piece type) and
// the piece-square table of each piece type, in piece-type order.
func (l *Layout) PieceTables() (material Group, tables []Group, ok bool) {
	for _, g := range l.Groups {
		switch g.Kind {
		case engine.KindMaterial:
			material, ok = g, true
		case engine.KindPieceSquare:
			tables = append(tables, g)
		}
	}
	return material, tables, ok && len(tables) == material.Size
}
