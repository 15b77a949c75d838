//go:build race

package highlight

// raceSlowdown scales the lexing budget under the race detector, which
// makes chroma's lexers about ten times slower; without it a -race build
// would show ordinary code blocks plain.
const raceSlowdown = 10
