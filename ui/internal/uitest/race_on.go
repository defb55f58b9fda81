//go:build race

package uitest

// Race is set under the race detector, which slows everything several
// times: the exhaustive comparisons of pure drawing code (no goroutines
// to watch) skip then, since the plain run makes them.
const Race = true
