package event

// bergerRounds returns the round-robin order table (the Berger table,
// 循环赛轮次表) for n players numbered 0..n-1 (entry order, number 1 of the
// table is player 0): round r holds its pairs, board by board, Red first,
// as article 13.1 plays them (the first-listed number plays Red). For an
// odd n the table of n+1 is used and the pairs with the extra number are
// left out: that player has the bye in that round.
//
// The table of an even n: the numbers 1..n-1 are written cyclically and
// cut into rounds of n/2; in round r the first number of its cut meets n
// (that number is Red in odd rounds, n is Red in even ones) and every
// other number a of the cut is Red against the number b with
// a + b ≡ r + 1 (mod n − 1). This is the FIDE table (C.05 annex 1):
// round 1 of eight is 1-8 2-7 3-6 4-5, round 2 is 8-5 6-4 7-3 1-2.
func bergerRounds(n int) [][][2]int {
	if n < 2 {
		return nil
	}
	size := n + n%2 // the table's size: an odd count gets a dummy number
	m := size - 1
	rounds := make([][][2]int, m)
	for r := 1; r <= m; r++ {
		start := (r - 1) * (size / 2) % m
		var pairs [][2]int
		for k := 0; k < size/2; k++ {
			a := (start+k)%m + 1 // a table number, 1..m
			var red, black int
			if k == 0 {
				red, black = a, size
				if r%2 == 0 {
					red, black = size, a
				}
			} else {
				b := ((r+1-a)%m + m) % m
				if b == 0 {
					b = m
				}
				red, black = a, b
			}
			if red > n || black > n {
				continue // the dummy number: a bye
			}
			pairs = append(pairs, [2]int{red - 1, black - 1})
		}
		rounds[r-1] = pairs
	}
	return rounds
}

// roundRobinRounds returns the rounds of a round robin of cycles cycles:
// the Berger table, then again with the colours swapped in every second
// cycle.
func roundRobinRounds(n, cycles int) [][][2]int {
	table := bergerRounds(n)
	var out [][][2]int
	for c := 0; c < cycles; c++ {
		for _, pairs := range table {
			round := make([][2]int, len(pairs))
			for i, p := range pairs {
				if c%2 == 1 {
					p[0], p[1] = p[1], p[0]
				}
				round[i] = p
			}
			out = append(out, round)
		}
	}
	return out
}
