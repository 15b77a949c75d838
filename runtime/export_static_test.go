package runtime

// StaticName exposes staticName to the external tests.
var StaticName = staticName

// MetamethodNames exposes the metamethod names, which the runtime pins
// itself, to the external tests.
var MetamethodNames = tmNameList[:]

// MaxStaticNameLen is the longest name staticName can find.
const MaxStaticNameLen = shortStringLen
