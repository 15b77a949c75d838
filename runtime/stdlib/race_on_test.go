//go:build race

package stdlib

// raceEnabled lets the heaviest tests do less under the race detector,
// which slows the VM about tenfold.
const raceEnabled = true
