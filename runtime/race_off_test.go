//go:build !race

package runtime

// raceEnabled lets the heaviest tests do less under the race detector,
// which slows the VM about tenfold.
const raceEnabled = false
