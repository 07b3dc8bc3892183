//go:build tools

// The Pulumi YAML language host (pulumi-language-yaml), built beside the engine by
// scripts/ensure-pulumi. A module of its own so that it keeps the dependency versions
// pulumi-yaml v1.10.0 was released with (the engine's newer ones are not what it was
// tested against), and so that changing it does not rebuild the engine.
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
