package gcpace

// The allowance by allocation rate. percentFor's pace is the most a live
// heap may hold; within it, a program only gets the headroom it
// allocates in rateWindow of CPU time. A program that allocates fast (the bench
// programs allocate hundreds of MB a second) reaches percentFor's large
// minimum heap after its first collection and keeps its speed; one that
// allocates slowly (a test suite, a documentation tool, an agent waiting
// for a model) holds about twice its live heap, as the reference would,
// rather than sixteen megabytes it had no use for. Collections then come
// at most every rateWindow, which bounds what they cost.

// rateWindow is the CPU time whose allocation the heap may hold above the
// live heap, in seconds.
const rateWindow = 0.05

// heapMinimum is Go's minimum heap at GOGC=100; at GOGC=g it is
// heapMinimum*g/100.
const heapMinimum = 4 << 20

// goalFor is the heap goal Go sets for percent p with live bytes live.
func goalFor(live uint64, p int) uint64 {
	return max(heapMinimum*uint64(p)/100, live+live*uint64(p)/100)
}

// percentForRate is the GOGC for a live heap of live bytes when the
// program allocates rate bytes a second: a heap goal of the live heap
// plus rate*rateWindow, at least the goal of GOGC=100 (twice the live
// heap, 4 MB) and at most percentFor's.
func percentForRate(live uint64, rate float64) int {
	ceiling := percentFor(live)
	most := goalFor(live, ceiling)
	least := min(goalFor(live, 100), most)
	goal := max(least, min(most, live+uint64(rate*rateWindow)))
	// The percentage whose goal is that: Go's goal is the larger of the
	// scaled minimum heap and the live heap grown by the percentage, so
	// take the smaller of the two percentages that give it.
	p := int(goal * 100 / heapMinimum)
	if live > 0 {
		p = min(p, int((goal-live)*100/live))
	}
	p = p / step * step
	return max(min(p, ceiling), step)
}
