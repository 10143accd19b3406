package event

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Event is an event being played (New): the runner asks it for each
// round's games (Next) and reports their results (Record); its tables,
// crosstables and brackets are read as it stands (match.Result.Event).
type Event struct {
	format eventFormat
	names  []string
	teams  []Team
	kind   System
	// totals: the teams are ranked by their members' places (12.5).
	totals bool
}

// Table is one table of an event: a round robin (a group, a final),
// a Swiss, a knockout's bracket and places, or a team table.
type Table struct {
	Title string `json:"title"`
	// System is "round robin", "swiss", "knockout" or "teams".
	System    string         `json:"system"`
	Standings []Standing     `json:"standings,omitempty"`
	Teams     []TeamStanding `json:"teams,omitempty"`
	Games     []Game         `json:"games"`
	Bracket   []BracketTie   `json:"bracket,omitempty"`
	// cells holds each player's round-by-round entries (see roundCells).
	cells map[int][]string
	games []Played
}

// Game is one result of a table: a game, or a team match (Red and
// Black are then the teams, first-listed first).
type Game struct {
	Stage   string `json:"stage"`
	Round   string `json:"round"`
	Match   int    `json:"match,omitempty"`
	Board   int    `json:"board,omitempty"`
	Red     string `json:"red"`
	Black   string `json:"black,omitempty"` // empty for a bye
	Result  string `json:"result"`
	Forfeit bool   `json:"forfeit,omitempty"`
}

// BracketTie is one knockout match in the bracket.
type BracketTie struct {
	Stage  string     `json:"stage"`
	Round  int        `json:"round"`
	Board  int        `json:"board"`
	First  string     `json:"first"`  // "" for nobody (a bye)
	Second string     `json:"second"` // "" for nobody
	Score  [2]float64 `json:"score"`
	Games  int        `json:"games"`
	Winner string     `json:"winner,omitempty"`
	// Replays counts the replays of the tied match; Armageddon marks a tie
	// that went to the armageddon game (a draw sends Black through), Lot
	// one still tied after its replays and decided by lot.
	Replays    int  `json:"replays,omitempty"`
	Armageddon bool `json:"armageddon,omitempty"`
	Lot        bool `json:"lot,omitempty"`
	// Walkover: decided without play (a bye, a withdrawn player);
	// Skipped: a grand-final reset that was not needed.
	Walkover bool `json:"walkover,omitempty"`
	Skipped  bool `json:"skipped,omitempty"`
}

// Tables returns the event's tables as they stand.
func (ev *Event) Tables() []Table {
	tables := ev.format.tables(ev)
	if ev.totals {
		tables = append(tables, ev.totalsTable(tables))
	}
	return tables
}

// tables returns the crosstable of a round robin.
func (e *roundRobinEvent) tables(ev *Event) []Table {
	return []Table{ev.individual(e.stage, "round robin", e.standings(ev.names), e.games)}
}

// tables returns the crosstable of a Swiss.
func (e *swissEvent) tables(ev *Event) []Table {
	return []Table{ev.individual(e.stage, "swiss", e.standings(ev.names), e.games)}
}

// tables returns the bracket of a knockout.
func (e *knockoutEvent) tables(ev *Event) []Table { return []Table{ev.knockout(e)} }

// tables returns the tables of the groups, then the final's.
func (e *groupsEvent) tables(ev *Event) []Table {
	var out []Table
	for _, g := range e.groups {
		out = append(out, g.tables(ev)...)
	}
	if e.finalRR != nil {
		out = append(out, e.finalRR.tables(ev)...)
	}
	if e.finalKO != nil {
		out = append(out, e.finalKO.tables(ev)...)
	}
	return out
}

// tables returns the team table, or for a team knockout the bracket of
// the teams with their matches.
func (e *teamEvent) tables(ev *Event) []Table {
	if e.ko != nil {
		names := make([]string, len(e.teams))
		for i, t := range e.teams {
			names[i] = t.Name
		}
		t := (&Event{names: names}).knockout(e.ko)
		t.Title, t.Games = "teams "+t.Title, ev.teamTable(e).Games
		return []Table{t}
	}
	return []Table{ev.teamTable(e)}
}

// tables returns the tables of the event and of its playoffs.
func (e *playoffEvent) tables(ev *Event) []Table { return ev.playoffTables(e) }

// resultText returns "1-0", "0-1", "1/2-1/2", "+/-", "-/+" (forfeits) or
// "-/-".
func resultText(g Played) string {
	if g.Forfeit {
		return forfeitSign(g.Points[0]) + "/" + forfeitSign(g.Points[1])
	}
	switch g.Points {
	case [2]float64{1, 0}:
		return "1-0"
	case [2]float64{0, 1}:
		return "0-1"
	}
	return "1/2-1/2"
}

func forfeitSign(p float64) string {
	if p > 0 {
		return "+"
	}
	return "-"
}

// resultSign returns one player's result as the crosstable marks it: 1,
// = or 0, and + or - for a forfeit (21.4).
func resultSign(g Played, p int) string {
	pts := g.pointsOf(p)
	switch {
	case g.Forfeit:
		return forfeitSign(pts)
	case pts == 1:
		return "1"
	case pts == 0.5:
		return "="
	}
	return "0"
}

// individual builds the table of a round robin or a Swiss.
func (ev *Event) individual(title, system string, rows []Standing, games []Played) Table {
	t := Table{Title: title, System: system, Standings: rows, games: games, cells: map[int][]string{}}
	rank := map[int]string{}
	rounds := 0
	for i, r := range rows {
		rank[r.Player] = strconv.Itoa(i + 1)
	}
	for _, g := range games {
		rounds = max(rounds, g.Round)
		eg := Game{Stage: g.Stage, Round: g.RoundTag(), Board: g.Board, Red: ev.names[g.Red], Result: resultText(g), Forfeit: g.Forfeit}
		if g.isBye() {
			eg.Result = "bye"
		} else {
			eg.Black = ev.names[g.Black]
		}
		t.Games = append(t.Games, eg)
	}
	for _, r := range rows {
		cells := make([]string, rounds)
		for i := range cells {
			cells[i] = "--"
		}
		for _, g := range games {
			if !g.has(r.Player) {
				continue
			}
			c := "bye"
			if !g.isBye() {
				colour := "r"
				if g.Black == r.Player {
					colour = "b"
				}
				c = rank[g.opponent(r.Player)] + colour + resultSign(g, r.Player)
			}
			cells[g.Round-1] = c
		}
		t.cells[r.Player] = cells
	}
	return t
}

// knockout builds the bracket and the places of a knockout.
func (ev *Event) knockout(e *knockoutEvent) Table {
	t := Table{Title: "knockout", System: "knockout"}
	if e.double {
		t.Title = "double elimination"
	}
	name := func(p int) string {
		if p < 0 {
			return ""
		}
		return ev.names[p]
	}
	for _, tie := range e.ties {
		if !tie.known[0] || !tie.known[1] {
			continue
		}
		b := BracketTie{Stage: tie.stage, Round: tie.round, Board: tie.board, First: name(tie.player[0]), Second: name(tie.player[1]),
			Score: tie.tieScore(), Games: len(tie.games), Walkover: tie.walkover, Skipped: tie.skipped,
			Replays: min(max(tie.matches-1, 0), e.replays), Armageddon: tie.matches > e.replays+1, Lot: tie.byLot}
		if tie.decided {
			b.Winner = name(tie.winner)
		}
		t.Bracket = append(t.Bracket, b)
		for _, g := range tie.games {
			t.Games = append(t.Games, Game{Stage: g.Stage, Round: g.RoundTag(), Board: g.Board, Red: ev.names[g.Red],
				Black: ev.names[g.Black], Result: resultText(g), Forfeit: g.Forfeit})
		}
	}
	places := e.places()
	for _, p := range e.players {
		if pl, ok := places[p]; ok {
			t.Standings = append(t.Standings, Standing{Player: p, Name: ev.names[p], Rank: pl, Withdrawn: e.withdrawn[p]})
		}
	}
	sort.SliceStable(t.Standings, func(i, j int) bool { return t.Standings[i].Rank < t.Standings[j].Rank })
	for i := range t.Standings {
		r := &t.Standings[i]
		r.Shared = (i > 0 && t.Standings[i-1].Rank == r.Rank) || (i+1 < len(t.Standings) && t.Standings[i+1].Rank == r.Rank)
	}
	return t
}

// teamTable builds the table of a team event with its matches.
func (ev *Event) teamTable(e *teamEvent) Table {
	t := Table{Title: "teams " + e.stage, System: "teams", Teams: e.standings()}
	for _, m := range e.matches {
		g := Game{Stage: e.stage, Round: strconv.Itoa(m.round), Match: m.match, Red: e.teams[m.first].Name}
		switch {
		case m.second < 0:
			g.Result = "bye"
		case m.boards < e.perMatch():
			continue
		case m.forfeit:
			g.Black = e.teams[m.second].Name
			g.Result, g.Forfeit = forfeitSign(m.points[0])+"/"+forfeitSign(m.points[1]), true
		default:
			g.Black = e.teams[m.second].Name
			g.Result = fmt.Sprintf("%g-%g", m.games[0], m.games[1])
		}
		t.Games = append(t.Games, g)
	}
	return t
}

// WriteText writes every table: a round robin as a grid (each cell the
// row player's results against the column's, 1 = 0, + - for forfeits), a
// Swiss round by round (opponent's place, r/b for the colour, the result),
// a knockout as its bracket and places, a team event as its table and
// matches.
func (ev *Event) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, t := range ev.Tables() {
		if t.Title == t.System {
			fmt.Fprintf(&b, "%s:\n", t.Title)
		} else {
			fmt.Fprintf(&b, "%s (%s):\n", t.Title, t.System)
		}
		switch t.System {
		case "round robin":
			writeGrid(&b, t)
		case "swiss":
			writeRounds(&b, t)
		case "knockout":
			writeBracket(&b, t)
		case "teams":
			writeTeams(&b, t)
		case "team total":
			writeTotals(&b, t)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Place returns the row's place as the tables write it: "3", "2=" when
// shared, "-" for none.
func (r Standing) Place() string { return placeText(r.Rank, r.Shared) }

// Place returns the team's place as the tables write it.
func (r TeamStanding) Place() string { return placeText(r.Rank, r.Shared) }

// placeText returns "3" or "3=" for a shared place, "-" for none.
func placeText(rank int, shared bool) string {
	switch {
	case rank == 0:
		return "-"
	case shared:
		return strconv.Itoa(rank) + "="
	}
	return strconv.Itoa(rank)
}

// flags returns the marks of a row: its playoff, its withdrawal.
func flags(r Standing) string { return marks(r.Playoff, r.Cancelled, r.Withdrawn, "withdrawn") }

// marks words a row's playoff ("lot" or the playoff's result) or its
// withdrawal (word says it: "withdrawn" for a player, "withdrew" for
// a team), when the results were cancelled too (20.3).
func marks(playoff string, cancelled, withdrawn bool, word string) string {
	switch {
	case playoff == "lot":
		return "  (place by lot)"
	case playoff != "":
		return "  (playoff " + playoff + ")"
	case cancelled:
		return "  (" + word + ", results cancelled: 20.3)"
	case withdrawn:
		return "  (" + word + ")"
	}
	return ""
}

func writeGrid(b *strings.Builder, t Table) {
	tw := tabwriter.NewWriter(b, 0, 0, 1, ' ', 0)
	head := "#\tEngine"
	for i := range t.Standings {
		head += "\t" + strconv.Itoa(i+1)
	}
	fmt.Fprintln(tw, head+"\tPts\tF\tSB\tW\tH2H\t")
	// H2H is "-" for a player level with none on the criteria before it
	// (points, fouls, SB, wins): it is computed among level players only.
	for i, r := range t.Standings {
		line := r.Place() + "\t" + r.Name
		for j, c := range t.Standings {
			cell := ""
			if i == j {
				cell = "*"
			}
			for _, g := range t.games {
				if g.has(r.Player) && g.has(c.Player) && i != j && !r.Cancelled && !c.Cancelled {
					cell += resultSign(g, r.Player)
				}
			}
			if cell == "" {
				cell = "."
			}
			line += "\t" + cell
		}
		h2h := "-"
		for _, o := range t.Standings {
			if o.Player != r.Player && !o.Cancelled && !r.Cancelled && o.Points == r.Points && o.Fouls == r.Fouls && o.SB == r.SB && o.Wins == r.Wins {
				h2h = fmtG(r.HeadToHead)
			}
		}
		fmt.Fprintf(tw, "%s\t%g\t%d\t%g\t%d\t%s\t%s\n", line, r.Points, r.Fouls, r.SB, r.Wins, h2h, flags(r))
	}
	tw.Flush()
}

func writeRounds(b *strings.Builder, t Table) {
	tw := tabwriter.NewWriter(b, 0, 0, 1, ' ', 0)
	head := "#\tEngine\tPts\tF\tBH\tW"
	rounds := 0
	for _, c := range t.cells {
		rounds = max(rounds, len(c))
	}
	for i := 1; i <= rounds; i++ {
		head += "\tR" + strconv.Itoa(i)
	}
	fmt.Fprintln(tw, head+"\t")
	for _, r := range t.Standings {
		fmt.Fprintf(tw, "%s\t%s\t%g\t%d\t%g\t%d\t%s\t%s\n", r.Place(), r.Name, r.Points, r.Fouls, r.Buchholz, r.Wins,
			strings.Join(t.cells[r.Player], "\t"), flags(r))
	}
	tw.Flush()
}

func writeBracket(b *strings.Builder, t Table) {
	last := ""
	for _, tie := range t.Bracket {
		if head := fmt.Sprintf("%s %d", tie.Stage, tie.Round); head != last {
			fmt.Fprintf(b, "  %s:\n", head)
			last = head
		}
		first, second := orBye(tie.First), orBye(tie.Second)
		switch {
		case tie.Skipped:
			fmt.Fprintf(b, "    %s - %s: not needed\n", first, second)
		case tie.Walkover:
			fmt.Fprintf(b, "    %s - %s: walkover, %s goes through\n", first, second, orBye(tie.Winner))
		default:
			fmt.Fprintf(b, "    %s - %s: %g-%g in %d games", first, second, tie.Score[0], tie.Score[1], tie.Games)
			replays := fmt.Sprintf("%d replays", tie.Replays)
			if tie.Replays == 0 {
				replays = "no replay"
			}
			if tie.Replays == 1 {
				replays = "1 replay"
			}
			switch {
			case tie.Armageddon:
				fmt.Fprintf(b, " (%s, then armageddon)", replays)
			case tie.Lot:
				fmt.Fprintf(b, " (%s, then the lot)", replays)
			case tie.Replays > 0:
				fmt.Fprintf(b, " (%s)", replays)
			}
			if tie.Winner != "" {
				fmt.Fprintf(b, ", %s goes through", tie.Winner)
			}
			b.WriteString("\n")
		}
	}
	if len(t.Standings) > 0 {
		var ps []string
		for _, r := range t.Standings {
			ps = append(ps, r.Place()+" "+r.Name)
		}
		fmt.Fprintf(b, "  places: %s\n", strings.Join(ps, ", "))
	}
}

func orBye(name string) string {
	if name == "" {
		return "(bye)"
	}
	return name
}

// teamFlags returns the marks of a team's row: its playoff, its
// withdrawal.
func teamFlags(r TeamStanding) string { return marks(r.Playoff, r.Cancelled, r.Withdrawn, "withdrew") }

func writeTeams(b *strings.Builder, t Table) {
	tw := tabwriter.NewWriter(b, 0, 0, 1, ' ', 0)
	// A round robin breaks ties by head-to-head (H2H, "-" for a team level
	// with none on the criteria before it), a Swiss by the opponents'
	// match points (Opp MP).
	swiss := t.Title == "teams swiss"
	last := "H2H"
	if swiss {
		last = "Opp MP"
	}
	fmt.Fprintln(tw, "#\tTeam\tMP\tF\tGP\tGW\tW\tD\tL\t"+last+"\t")
	for _, r := range t.Teams {
		tb := fmtG(r.OpponentPoints)
		if !swiss {
			tb = "-"
			for _, o := range t.Teams {
				if o.Team != r.Team && o.MatchPoints == r.MatchPoints && o.Fouls == r.Fouls && o.GamePoints == r.GamePoints && o.GamesWon == r.GamesWon {
					tb = fmtG(r.HeadToHead)
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%g\t%d\t%g\t%d\t%d\t%d\t%d\t%s\t%s\n", r.Place(), r.Name, r.MatchPoints, r.Fouls, r.GamePoints,
			r.GamesWon, r.Won, r.Drawn, r.Lost, tb, teamFlags(r))
	}
	tw.Flush()
	for _, g := range t.Games {
		if g.Result == "bye" {
			fmt.Fprintf(b, "  round %s: %s bye\n", g.Round, g.Red)
			continue
		}
		fmt.Fprintf(b, "  round %s match %d: %s - %s %s\n", g.Round, g.Match, g.Red, g.Black, g.Result)
	}
}

// WriteCSV writes one line per player (per team in team events) of every
// table, with the table's title first; for players the round-by-round
// entries of the text crosstable follow in one field.
func (ev *Event) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	tables := ev.Tables()
	teamRows := false
	for _, t := range tables {
		teamRows = teamRows || len(t.Teams) > 0 && !ev.totals
	}
	if teamRows {
		cw.Write([]string{"table", "rank", "shared", "team", "match_points", "fouls", "game_points", "games_won", "matches", "won", "drawn", "lost", "head_to_head", "opponent_points"})
		for _, t := range tables {
			for _, r := range t.Teams {
				cw.Write([]string{t.Title, strconv.Itoa(r.Rank), strconv.FormatBool(r.Shared), r.Name, fmtG(r.MatchPoints), strconv.Itoa(r.Fouls), fmtG(r.GamePoints),
					strconv.Itoa(r.GamesWon), strconv.Itoa(r.Matches), strconv.Itoa(r.Won), strconv.Itoa(r.Drawn), strconv.Itoa(r.Lost), fmtG(r.HeadToHead), fmtG(r.OpponentPoints)})
			}
		}
	} else {
		cw.Write([]string{"table", "rank", "shared", "name", "points", "games", "wins", "draws", "losses", "fouls", "sb", "buchholz",
			"head_to_head", "byes", "withdrawn", "cancelled", "rounds"})
		for _, t := range tables {
			for _, r := range t.Standings {
				cw.Write([]string{t.Title, strconv.Itoa(r.Rank), strconv.FormatBool(r.Shared), r.Name, fmtG(r.Points), strconv.Itoa(r.Games),
					strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses), strconv.Itoa(r.Fouls), fmtG(r.SB), fmtG(r.Buchholz), fmtG(r.HeadToHead),
					strconv.Itoa(r.Byes), strconv.FormatBool(r.Withdrawn), strconv.FormatBool(r.Cancelled), strings.Join(t.cells[r.Player], " ")})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

func fmtG(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// WriteJSON writes the event as one JSON object: the format and every
// table with its standings, games and bracket.
func (ev *Event) WriteJSON(w io.Writer) error {
	out := struct {
		Format string  `json:"format"`
		Tables []Table `json:"tables"`
	}{ev.kind.String(), ev.Tables()}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
