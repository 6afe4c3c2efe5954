// Package buildinfo reports what gitedit was built from: the module
// version, the version control revision and date, whether the tree had
// uncommitted changes, and the Go version, as the Go tool records them in
// the binary (runtime/debug.ReadBuildInfo).
package buildinfo

import (
	"runtime"
	"runtime/debug"
)

// Devel is the version of a build that has no module version: a local
// `go build` without version control information, or a test binary.
const Devel = "(devel)"

// Info is what the binary says about its build; the JSON field names are
// those of `gitedit version --json`.
type Info struct {
	// Version is the module version (v1.2.3, a pseudo-version computed from
	// the commit for a local `go build` in a checkout, or "(devel)").
	Version string `json:"version"`
	// Revision is the commit the binary was built from ("" if unknown).
	Revision string `json:"revision,omitempty"`
	// Time is the commit's date, RFC 3339 in UTC ("" if unknown).
	Time string `json:"time,omitempty"`
	// Modified reports uncommitted changes in the tree at build time.
	Modified bool `json:"modified"`
	// GoVersion is the Go toolchain that built the binary.
	GoVersion string `json:"go"`
	// Platform is GOOS/GOARCH.
	Platform string `json:"platform"`
}

// Read returns the build information of the running binary.
func Read() Info {
	info := Info{Version: Devel, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	return fromBuildInfo(bi, info)
}

// fromBuildInfo fills info from bi.
func fromBuildInfo(bi *debug.BuildInfo, info Info) Info {
	if v := bi.Main.Version; v != "" {
		info.Version = v
	}
	if bi.GoVersion != "" {
		info.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// String is the version as `gitedit --version` prints it: "gitedit version
// V", then the revision, its date and "modified" when known, then the Go
// version and platform, one per line.
func (i Info) String() string {
	s := "gitedit version " + i.Version + "\n"
	if i.Revision != "" {
		s += "revision: " + i.Revision + "\n"
	}
	if i.Time != "" {
		s += "date: " + i.Time + "\n"
	}
	if i.Modified {
		s += "modified: true\n"
	}
	return s + "go: " + i.GoVersion + " " + i.Platform + "\n"
}
