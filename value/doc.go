// Package value is the learned leaf value: a logistic model of the game
// result, optionally with a hidden layer beside it, read from the
// evaluator's incrementally kept counts (monomial ranks, threat sets,
// combo classes, combo tier pairs), one weight vector per rule, fitted to
// the results of recorded games (package value/fit, `pbrain-kakugo
// train-value`). Exact wins and losses (a five to play, an unstoppable
// five, a winning combo the static evaluation detects) keep their exact
// values; the model values the rest.
//
// A Model is read-only once loaded and safe for concurrent use: the
// search's threads share one. The weight file format is in format.go; the
// default model is embedded in package weights.
package value
