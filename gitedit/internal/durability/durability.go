// Package durability decides which files a git writer makes durable, and
// how, from the repository's core.fsync, core.fsyncMethod and the legacy
// core.fsyncObjectFiles, exactly as git 2.39 reads them (config.c
// parse_fsync_components, git_default_core_config; write-or-die.c
// fsync_component; object-file.c close_loose_object). By git's default
// nothing a commit writes is synced: neither loose objects, nor the index,
// nor refs; only packs and their metadata, which gitedit does not write.
package durability

import "strings"

// Component is a set of git's fsync components (git's enum fsync_component).
type Component uint32

// The components, with git's bit values.
const (
	LooseObject Component = 1 << iota
	Pack
	PackMetadata
	CommitGraph
	Index
	Reference
)

// The aggregate values of core.fsync, as git defines them.
const (
	None            Component = 0
	Objects                   = LooseObject | Pack
	DerivedMetadata           = PackMetadata | CommitGraph
	Default                   = (Objects | DerivedMetadata) &^ LooseObject
	Committed                 = Objects | Reference
	Added                     = Committed | Index
	All                       = LooseObject | Pack | PackMetadata | CommitGraph | Index | Reference
)

// names is git's fsync_component_names table, in git's order.
var names = []struct {
	name string
	bits Component
}{
	{"loose-object", LooseObject},
	{"pack", Pack},
	{"pack-metadata", PackMetadata},
	{"commit-graph", CommitGraph},
	{"index", Index},
	{"objects", Objects},
	{"reference", Reference},
	{"derived-metadata", DerivedMetadata},
	{"committed", Committed},
	{"added", Added},
	{"all", All},
}

// ParseComponents reads one value of core.fsync as git does: names
// separated by commas (blanks skipped before each), a leading "-" removes
// a name, "none" as the whole remaining value resets the base to nothing,
// and a name matches every table entry it is a prefix of ("pack" is both
// pack and pack-metadata). The result is (base &^ removed) | added, the
// base being git's default. Unknown names are ignored and returned, as
// git warns about them; an empty name ends the list.
func ParseComponents(value string) (c Component, unknown []string) {
	current := Default
	var positive, negative Component
	s := value
	for {
		s = strings.TrimLeft(s, ", \t\n\r")
		name, rest, _ := strings.Cut(s, ",")
		if s == "none" {
			current = None
			s = rest
			continue
		}
		negated := strings.HasPrefix(name, "-")
		if negated {
			name = name[1:]
		}
		if name == "" {
			break
		}
		bits, found := prefixBits(name)
		if !found {
			unknown = append(unknown, name)
		}
		if negated {
			negative |= bits
		} else {
			positive |= bits
		}
		s = rest
	}
	return (current &^ negative) | positive, unknown
}

// prefixBits ors the bits of every table entry name is a prefix of.
func prefixBits(name string) (bits Component, found bool) {
	for _, n := range names {
		if strings.HasPrefix(n.name, name) {
			bits, found = bits|n.bits, true
		}
	}
	return bits, found
}

// Method is core.fsyncMethod.
type Method int

// The methods git knows.
const (
	// Fsync flushes each file to the storage device (git's default).
	Fsync Method = iota
	// WriteoutOnly asks the kernel to write the data out, without a
	// hardware flush (sync_file_range on Linux).
	WriteoutOnly
	// Batch writes loose objects out one by one and flushes them with
	// one hardware flush before they are published.
	Batch
)

// ParseMethod reads one value of core.fsyncMethod: a known name replaces
// prev; an unknown one keeps prev (git warns and ignores it).
func ParseMethod(prev Method, value string) (m Method, known bool) {
	switch value {
	case "fsync":
		return Fsync, true
	case "writeout-only":
		return WriteoutOnly, true
	case "batch":
		return Batch, true
	}
	return prev, false
}

// Policy is what a repository's configuration asks to make durable.
type Policy struct {
	Components Component
	Method     Method
	// ObjectFiles is the legacy core.fsyncObjectFiles: when true, loose
	// objects are synced whatever core.fsync says.
	ObjectFiles bool
}

// FromConfig builds the policy from every value of core.fsync and
// core.fsyncMethod, in the order git reads them (each core.fsync value
// replaces the previous one), and the last core.fsyncObjectFiles.
func FromConfig(fsync, methods []string, objectFiles bool) Policy {
	p := Policy{Components: Default, ObjectFiles: objectFiles}
	for _, v := range fsync {
		p.Components, _ = ParseComponents(v)
	}
	for _, v := range methods {
		p.Method, _ = ParseMethod(p.Method, v)
	}
	return p
}

// Syncs reports whether files of component c are made durable. Loose
// objects are also synced under the legacy core.fsyncObjectFiles.
func (p Policy) Syncs(c Component) bool {
	return p.Components&c != 0 || c == LooseObject && p.ObjectFiles
}
