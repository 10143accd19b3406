// Package book implements opening books: this engine's own format, built
// from PGN games, and ElephantEye's BOOK.DAT; probing, and the choice of a
// book move.
//
// # Use
//
// Open("a.xqb;BOOK.DAT") opens books by path (";" separates several; a
// relative path is looked up beside the executable, then in the working
// directory; "" gives the built-in book, see Default). Every Source probes
// without allocating when the destination slice has room:
//
//	entries := src.Probe(pos, buf[:0]) // legal moves, highest weight first
//
// Select adds the policy: randomness level, a ply limit and a filter for
// banned or repeating moves.
//
// # Reading a book file
//
// A book is read into memory whole, so Open is careful with what it reads:
// it opens regular files only (a FIFO, a device such as /dev/zero or
// /dev/stdin, or a directory is refused without blocking, ErrNotRegular);
// it refuses a file above MaxFileSize, 1 GiB, before reading it
// (ErrTooLarge); it reads the first 32 bytes and checks the header, whose
// entry count must account for the file's size exactly, before it reads the
// body; a BOOK.DAT, which has no header, must be a whole number of 8-byte
// records, and once read, its locks must ascend and every move must have
// both squares on the board. Books are not memory-mapped: they are small
// (the built-in one is 1 MB, ElephantEye's 96 KB), and a mapped file that
// another program truncates kills the process at the next probe.
//
// # File format
//
// All numbers are little-endian. A 32-byte header:
//
//	offset size  field
//	0      4     magic "XQBK"
//	4      2     version, 1
//	6      2     entry size, 24
//	8      8     engine Zobrist key of the standard start position (books
//	             built with other keys are refused, ErrKeyMismatch)
//	16     4     number of entries N
//	20     4     number of distinct positions
//	24     4     number of games the book was built from
//	28     4     plies read from each game
//
// then N 24-byte entries sorted by key (ascending, unsigned), so a
// position's moves are adjacent and found by binary search:
//
//	0      8     canonical position key
//	8      2     move: from | to<<7 (squares rank*9+file), canonical orientation
//	10     2     weight, 1-65535
//	12     4     wins  \
//	16     4     draws  > games with this move, from the mover's side
//	20     4     losses/
//
// Mirror images share entries. The canonical key of a position is the
// smaller of its engine key and the key of its left-right mirror image
// (Position.Key, Position.MirroredKey); when it is the mirror's, the stored
// moves are mirrored too, and a probe mirrors them back. A symmetric
// position (both keys equal) stores each move and its mirror image, with
// the same statistics, as ElephantEye does.
//
// # Building
//
// Builder reads the first N plies of games with a result. Each (position,
// move) collects wins, draws and losses from the mover's point of view, a
// game counting once however often it plays the move in the position.
// BuildOptions drops moves played in fewer than MinGames games or scoring
// below MinScore (win 1, draw 1/2) for the mover; the weight of a kept move
// is 2*wins + draws, its points in half points, so that popular moves that
// score well weigh most. (ElephantEye's builder uses 3*wins + draws - losses
// over 4 and needs a sum of at least 4.)
//
// # ElephantEye BOOK.DAT
//
// EleEye reads BOOK.DAT as BOOK.md describes it: 8-byte records {lock1,
// move, weight}, lock1 being ElephantEye's RC4-generated Zobrist lock of the
// position, moves on its 16x16 board. Having no header, it is recognised by
// its content (see Reading a book file). The file is LGPL-licensed and not
// shipped with this engine.
//
// # The built-in book
//
// default.xqb is built by `make book` from the master games of the Chinese
// Chess Practical Dataset. Attribution, as the CC BY 4.0 licence requires:
//
//	The built-in opening book is derived from the "Chinese Chess Practical
//	Dataset (CCPD) by Yu-Han Tseng, CC BY 4.0"
//	(https://creativecommons.org/licenses/by/4.0/). Changes: the 25,942
//	de-duplicated master games (1950-2013) were reduced to statistics of
//	their first 30 plies; moves played in fewer than 2 games or scoring
//	below 30% for their side were dropped.
package book
