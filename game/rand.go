package game

// Rand is a small, fast, deterministic pseudo-random generator
// (xorshift64*) for playouts and AI noise. Its zero value is not usable;
// create one with NewRand. It is a value type so that it can live inside
// other structs without allocation; it is not safe for concurrent use.
type Rand struct{ s uint64 }

// NewRand returns a generator seeded with seed (any value, 0 included).
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the generator; different seeds give different sequences.
func (r *Rand) Seed(seed uint64) {
	// splitmix64 scrambles the seed so that nearby seeds diverge and the
	// state is never 0, which xorshift cannot leave.
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 0x9e3779b97f4a7c15
	}
	r.s = z
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	x := r.s
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	r.s = x
	return x * 0x2545f4914f6cdd1d
}

// Intn returns a number in [0, n); n must be positive and below 2^32.
func (r *Rand) Intn(n int) int {
	// Lemire's multiply-shift range reduction: no division, bias below
	// 2^-32 for the small n used here.
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}
