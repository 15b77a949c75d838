//go:build !race

package highlight

// raceSlowdown scales the lexing budget: 1 without the race detector.
const raceSlowdown = 1
