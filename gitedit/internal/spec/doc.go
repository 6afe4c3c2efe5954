// Package spec holds the contract's shapes (docs/reference.md): the
// requests, the per-call Options, the results, the tools and the error
// codes with the *Error every refusal is. It has no behaviour beyond the
// shapes' own small methods (JSON forms, texts, the options
// normalisation) and imports only the standard library and package engine
// (for git's path quoting and the codes of engine's errors), so every
// other package of gitedit can use it. Package gitedit re-exports each
// name with an alias.
package spec
