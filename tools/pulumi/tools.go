//go:build tools

// The Pulumi CLI, built from the Go module proxy because the official
// installer's binary downloads are unreachable on these machines.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
