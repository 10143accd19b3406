package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// Limits on what a browser may send.
const (
	// maxMessage is the largest WebSocket message read; a longer one
	// closes the connection (the library answers with "message too big").
	maxMessage = 2 << 20
	// maxImport is the largest PGN file accepted for import, in bytes
	// before base64.
	maxImport = 1 << 20
	// maxField is the longest text field other than an import.
	maxField = 256
	// maxMultiPV is the most lines analysis shows.
	maxMultiPV = 8
)

// clientMsg is a message from the page. T says what it asks for:
//
//	new      a game against the engine: Side (red|black, the player's),
//	         TC (the timecontrol syntax or a named control), Level
//	         (full | skill:0-20 | elo:800-2800), Rules (cxa|axf), Engine
//	         (index into the server's list), FromPosition (from the
//	         position shown instead of the start)
//	move     Move (ICCS) at the position shown
//	undo     take back the player's last move (and the engine's reply)
//	draw     offer a draw, or accept the engine's offer
//	resign   resign the game
//	analyse  On: analyse the position shown (leaves a game in play)
//	multipv  N lines of analysis (1-8)
//	engine   Engine: the engine for analysis
//	goto     Ply: show the position after that many moves of the line shown
//	node     Node: show the position after that move of the tree (its
//	         line becomes the line shown)
//	promote  Node: the variation that starts with that move becomes the
//	         line its position goes on with (the old move a variation)
//	delete   Node: delete that move and everything after it
//	fen      FEN: a new record from that position (the setup)
//	import   Data: a PGN file in base64 (UTF-8, GBK or Big5); a file of
//	         several games is answered with their list (games), else its
//	         game is shown. With Restore (a page reloaded: the game it
//	         kept) the first game is shown, at the position after the
//	         ICCS moves of Path from the start, then Ply moves along that
//	         line
//	pick     N: show game N (from 0) of the list last sent
//	export   Notation (iccs|wxf|chinese): the record as PGN text
type clientMsg struct {
	T            string `json:"t"`
	Side         string `json:"side,omitempty"`
	TC           string `json:"tc,omitempty"`
	Level        string `json:"level,omitempty"`
	Rules        string `json:"rules,omitempty"`
	Engine       int    `json:"engine,omitempty"`
	FromPosition bool   `json:"fromPosition,omitempty"`
	Move         string `json:"move,omitempty"`
	On           bool   `json:"on,omitempty"`
	N            int    `json:"n,omitempty"`
	Ply          int    `json:"ply,omitempty"`
	Node         int    `json:"node,omitempty"`
	Restore      bool   `json:"restore,omitempty"`
	Path         string `json:"path,omitempty"` // ICCS moves separated by spaces
	FEN          string `json:"fen,omitempty"`
	Data         []byte `json:"data,omitempty"` // base64 in JSON
	Notation     string `json:"notation,omitempty"`
}

// errBadMessage prefixes every complaint about a message.
var errBadMessage = errors.New("bad message")

// decodeMessage reads one message: a JSON object with known fields only,
// text fields valid UTF-8 and short.
func decodeMessage(data []byte) (clientMsg, error) {
	var m clientMsg
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("%w: %v", errBadMessage, err)
	}
	if dec.More() {
		return m, fmt.Errorf("%w: text after the object", errBadMessage)
	}
	for _, f := range []string{m.T, m.Side, m.TC, m.Level, m.Rules, m.Move, m.FEN, m.Notation} {
		if len(f) > maxField || !utf8.ValidString(f) {
			return m, fmt.Errorf("%w: a field is too long or not UTF-8", errBadMessage)
		}
	}
	if len(m.Path) > maxImport || !utf8.ValidString(m.Path) {
		return m, fmt.Errorf("%w: the path is too long or not UTF-8", errBadMessage)
	}
	if len(m.Data) > maxImport {
		return m, fmt.Errorf("%w: the file is larger than %d bytes", errBadMessage, maxImport)
	}
	return m, nil
}

// errorMsg is the answer to a message that cannot be done.
type errorMsg struct {
	T   string `json:"t"` // "error"
	Msg string `json:"msg"`
}

// helloMsg is the first message of the server: what the page can choose.
type helloMsg struct {
	T        string    `json:"t"` // "hello"
	Version  string    `json:"version"`
	Engines  []string  `json:"engines"`
	Controls []control `json:"controls"` // the named time controls
}

// control is a named time control the page offers: the text to send as
// TC and what it is.
type control struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// gamesMsg lists the games of an imported file with several, to pick one.
type gamesMsg struct {
	T     string        `json:"t"` // "games"
	Games []gameSummary `json:"games"`
	Bad   int           `json:"bad"` // games that could not be read
}

// gameSummary is one game of a list: its headers and length.
type gameSummary struct {
	Red    string `json:"red"`
	Black  string `json:"black"`
	Event  string `json:"event"`
	Date   string `json:"date"`
	Result string `json:"result"`
	Moves  int    `json:"moves"`
}

// pgnMsg carries an exported record.
type pgnMsg struct {
	T    string `json:"t"` // "pgn"
	Text string `json:"text"`
	Name string `json:"name"` // a file name to save it under
}
