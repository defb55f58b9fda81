// Package glicko2 computes Glicko-2 ratings, as defined in Mark E.
// Glickman's "Example of the Glicko-2 system" (2013). It is pure
// arithmetic: no storage, no clock, no allocation.
package glicko2

import "math"

// scale converts between the Glicko rating scale and Glicko-2's internal
// one (the paper's 173.7178 = 400 / ln 10).
const scale = 400 / math.Ln10

// convergence is the paper's ε for the volatility iteration.
const convergence = 0.000001

// DefaultTau constrains how fast volatility changes; the paper suggests a
// value between 0.3 and 1.2.
const DefaultTau = 0.5

// Rating is one player's Glicko-2 rating on the familiar Glicko scale.
type Rating struct {
	Rating     float64 // r, 1500 for a new player
	Deviation  float64 // RD, 350 for a new player
	Volatility float64 // σ, 0.06 for a new player
}

// Default is the rating of a player who has not played yet.
func Default() Rating { return Rating{Rating: 1500, Deviation: 350, Volatility: 0.06} }

// Result is one game of a rating period, seen from the rated player.
type Result struct {
	Opponent Rating  // the opponent's rating before the period
	Score    float64 // 1 for a win, 0.5 for a draw, 0 for a loss
}

// Update returns r after a rating period with the given results (the
// paper's steps 2 to 8). With no results only the deviation grows, as
// for a player who sat the period out. tau <= 0 means DefaultTau.
func Update(r Rating, results []Result, tau float64) Rating {
	if tau <= 0 {
		tau = DefaultTau
	}
	mu, phi, sigma := (r.Rating-1500)/scale, r.Deviation/scale, r.Volatility
	if len(results) == 0 {
		r.Deviation = math.Sqrt(phi*phi+sigma*sigma) * scale
		return r
	}
	var vInv, sum float64 // 1/v and Σ g(φj)(sj − E)
	for _, res := range results {
		muJ, phiJ := (res.Opponent.Rating-1500)/scale, res.Opponent.Deviation/scale
		g := gFactor(phiJ)
		e := expected(mu, muJ, g)
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma = newVolatility(phi, sigma, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{Rating: mu*scale + 1500, Deviation: phi * scale, Volatility: sigma}
}

// gFactor is the paper's g(φ): it discounts a result against an opponent
// whose rating is uncertain.
func gFactor(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is the paper's E(μ, μj, φj): the expected score against j.
func expected(mu, muJ, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muJ))) }

// newVolatility is step 5: the Illinois variant of regula falsi finds σ'.
func newVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > convergence {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
