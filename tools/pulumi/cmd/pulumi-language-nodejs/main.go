// Command pulumi-language-nodejs is a minimal Node.js language host for the Pulumi engine.
//
// Why it exists: the upstream host lives in its own Go module
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), which the Go module
// proxy refuses to serve, and the official installer's binaries cannot be downloaded here.
// The engine (deployment, diff, state, plugins) is the real Pulumi built from pkg/v3; this
// program is only the launcher the engine asks to start Node.js. Everything that matters
// for a Node program — config, the resource monitor connection, TypeScript, closure
// serialization — is done by @pulumi/pulumi's own cmd/run, cmd/run-policy-pack and
// cmd/run-plugin scripts, resolved from the program's directory exactly as npm installed them.
//
// Code generation (GenerateProgram for `pulumi import`, GeneratePackage for `pulumi package
// gen-sdk`) is Pulumi's own codegen/nodejs: see codegen.go.
//
// Deliberately left out (the repository does not need them): discovery of provider plugins
// from node_modules (the dynamic providers need none, and the engine finds the
// integration-platform plugin on PATH), dependency installation (npm ci at the repository
// root does that), package managers, project generation, packing and linking.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// version is stamped at build time (-ldflags "-X main.version=...") with the Pulumi version
// it was built next to, so that `pulumi about` and plugin listings show something true.
var version = "0.0.0-dev"

// Exit code with which @pulumi/pulumi's run scripts say "the error was already shown to
// the user"; the engine must then stop without adding a second, generic message.
const exitAfterUserActionableMessage = 32

func main() {
	engineAddress, tracing := parseArgs(os.Args[1:])

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not find node on PATH: %v\n", err)
		os.Exit(1)
	}

	host := &nodeHost{node: nodeBin, engineAddress: engineAddress, tracing: tracing}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not start the RPC server: %v\n", err)
		os.Exit(1)
	}

	// The engine reads the first line of our stdout as the port to dial; nothing may precede it.
	fmt.Printf("%d\n", handle.Port)

	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: RPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

// parseArgs reads what the engine passes: optional flags (--tracing URL, logging flags meant
// for Go plugins, legacy runtime options such as -typescript=false) followed by the engine's
// address as the last positional argument. Unknown flags are ignored rather than fatal, so
// that a newer engine adding a flag does not break the launcher.
func parseArgs(args []string) (engineAddress, tracing string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--tracing" || a == "-tracing":
			if i+1 < len(args) {
				tracing = args[i+1]
				i++
			}
		case strings.HasPrefix(a, "--tracing=") || strings.HasPrefix(a, "-tracing="):
			tracing = a[strings.Index(a, "=")+1:]
		case strings.HasPrefix(a, "-"):
			// Logging and legacy flags: not needed by a launcher.
		default:
			engineAddress = a
		}
	}
	return engineAddress, tracing
}

type nodeHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	node    string
	tracing string

	mu            sync.Mutex
	engineAddress string
}

func (h *nodeHost) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

// Handshake is how newer engines hand over their address; older ones pass it as an argument.
func (h *nodeHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if addr := req.GetEngineAddress(); addr != "" {
		h.mu.Lock()
		h.engineAddress = addr
		h.mu.Unlock()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

// GetRequiredPlugins and GetRequiredPackages answer "none": the engine would otherwise try to
// download provider plugins, and this repository's resources are dynamic providers, served by
// the pulumi-resource-pulumi-nodejs shim that sits beside the pulumi binary.
func (h *nodeHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *nodeHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *nodeHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

// Cancel has nothing to do: each Run's node process is tied to the RPC's context and is
// killed when the engine gives up on it.
func (h *nodeHost) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

// programLocation returns the program's directory and entry point, preferring the structured
// ProgramInfo that current engines send over the deprecated flat fields.
func programLocation(info *pulumirpc.ProgramInfo, legacyProgram, pwd string) (dir, entry string) {
	if info != nil && info.GetProgramDirectory() != "" {
		entry = info.GetEntryPoint()
		if entry == "" {
			entry = "."
		}
		return info.GetProgramDirectory(), entry
	}
	if legacyProgram == "" {
		return pwd, "."
	}
	if !filepath.IsAbs(legacyProgram) {
		legacyProgram = filepath.Join(pwd, legacyProgram)
	}
	return legacyProgram, "."
}

// resolveModule finds an @pulumi/pulumi script the way the program itself will: from the
// program's directory upwards through node_modules. Resolving from the program (not from this
// binary) guarantees that the runner and the program share one copy of @pulumi/pulumi, whose
// module-level state (the resource monitor connection, config) must not be duplicated.
func (h *nodeHost) resolveModule(ctx context.Context, fromDir, module string) (string, error) {
	script := "process.stdout.write(require.resolve(process.argv[1], { paths: [process.argv[2]] }))"
	out, err := exec.CommandContext(ctx, h.node, "-e", script, module, fromDir).Output()
	if err != nil {
		msg := err.Error()
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) && len(exitErr.Stderr) > 0 {
			msg = strings.TrimSpace(string(exitErr.Stderr))
		}
		return "", fmt.Errorf("could not resolve %s from %s (has `npm install` been run?): %s",
			module, fromDir, msg)
	}
	return string(out), nil
}

// runtimeOptions reads `runtime.options` from Pulumi.yaml / PulumiPolicy.yaml.
type runtimeOptions struct {
	typescript bool
	tsconfig   string
	nodeargs   []string
}

func readRuntimeOptions(info *pulumirpc.ProgramInfo) runtimeOptions {
	opts := runtimeOptions{typescript: true}
	if info == nil || info.GetOptions() == nil {
		return opts
	}
	m := info.GetOptions().AsMap()
	if v, ok := m["typescript"].(bool); ok {
		opts.typescript = v
	}
	if v, ok := m["tsconfig"].(string); ok {
		opts.tsconfig = v
	}
	if v, ok := m["nodeargs"].(string); ok {
		opts.nodeargs = strings.Fields(v)
	}
	return opts
}

// Run executes a Pulumi program: `node [nodeargs] @pulumi/pulumi/cmd/run <flags> <program> <args>`
// with config in the environment, as @pulumi/pulumi's cmd/run and runtime/config.ts expect.
func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir, entry := programLocation(req.GetInfo(), req.GetProgram(), req.GetPwd())
	runScript, err := h.resolveModule(ctx, dir, "@pulumi/pulumi/cmd/run")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	opts := readRuntimeOptions(req.GetInfo())
	args := append([]string{}, opts.nodeargs...)
	args = append(args, runScript)
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name+"="+value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engine())
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	if req.GetInfo() != nil {
		flag("root-directory", req.GetInfo().GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		flag("parallel", fmt.Sprint(req.GetParallel()))
	}
	flag("tracing", h.tracing)
	// cmd/run treats a literal "." as "use package.json's main/exports", anything else as a path.
	if entry == "." {
		args = append(args, dir)
	} else {
		args = append(args, filepath.Join(dir, entry))
	}
	args = append(args, req.GetArgs()...)

	configJSON, err := json.Marshal(nonNil(req.GetConfig()))
	if err != nil {
		return nil, err
	}
	secretKeysJSON, err := json.Marshal(nonNilSlice(req.GetConfigSecretKeys()))
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
	)
	if opts.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}

	// The engine captures our stdout/stderr and shows them as the program's output.
	cmd := exec.CommandContext(ctx, h.node, args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitAfterUserActionableMessage:
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
		}, nil
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not start node: %v", err)}, nil
	}
}

// RunPlugin starts a plugin written in Node.js (a policy pack, or a provider/tool given as a
// directory with PulumiPlugin.yaml). The engine reads the plugin's gRPC port from the stdout we
// stream back, so output is forwarded as it arrives, not when the process ends.
func (h *nodeHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, stream grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	ctx := stream.Context()
	dir, entry := programLocation(req.GetInfo(), req.GetProgram(), req.GetPwd())
	program := dir
	if entry != "." {
		program = filepath.Join(dir, entry)
	}

	var args []string
	switch req.GetKind() {
	case "analyzer":
		// run-policy-pack expects exactly `<engine-address> <policy pack>`. The engine's address
		// is its last argument; earlier ones are logging flags for Go plugins, and passing them
		// on would let minimist swallow the address as a flag value.
		script, err := h.resolveModule(ctx, dir, "@pulumi/pulumi/cmd/run-policy-pack")
		if err != nil {
			return status.Error(codes.FailedPrecondition, err.Error())
		}
		engine := h.engine()
		if n := len(req.GetArgs()); n > 0 {
			engine = req.GetArgs()[n-1]
		}
		args = []string{script, engine, program}
	default:
		script, err := h.resolveModule(ctx, dir, "@pulumi/pulumi/cmd/run-plugin")
		if err != nil {
			return status.Error(codes.FailedPrecondition, err.Error())
		}
		args = append([]string{script, program}, req.GetArgs()...)
	}
	args = append(readRuntimeOptions(req.GetInfo()).nodeargs, args...)

	cmd := exec.CommandContext(ctx, h.node, args...)
	// The plugin's own directory: where it finds its tsconfig.json and relative files.
	cmd.Dir = dir
	cmd.Env = req.GetEnv()
	if len(cmd.Env) == 0 {
		cmd.Env = os.Environ()
	}
	if readRuntimeOptions(req.GetInfo()).typescript {
		cmd.Env = append(cmd.Env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}

	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return status.Errorf(codes.Internal, "could not start node: %v", err)
	}

	// gRPC streams must not be written to concurrently.
	var sendMu sync.Mutex
	send := func(r *pulumirpc.RunPluginResponse) {
		sendMu.Lock()
		defer sendMu.Unlock()
		_ = stream.Send(r) // If the engine went away, the context kills the process anyway.
	}
	var wg sync.WaitGroup
	forward := func(r io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse) {
		defer wg.Done()
		br := bufio.NewReader(r)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				send(wrap(line))
			}
			if err != nil {
				return
			}
		}
	}
	wg.Add(2)
	go forward(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	})
	go forward(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	})
	wg.Wait() // Drain both pipes before Wait closes them.

	code := int32(0)
	if err := cmd.Wait(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return status.Errorf(codes.Internal, "plugin process failed: %v", err)
		}
		code = int32(exitErr.ExitCode())
	}
	send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
	return nil
}

// InstallDependencies does nothing on purpose: programs, policy packs and the dynamic provider
// all resolve their modules from the repository's node_modules, which `npm ci` installs.
func (h *nodeHost) InstallDependencies(
	_ *pulumirpc.InstallDependenciesRequest,
	stream grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return stream.Send(&pulumirpc.InstallDependenciesResponse{
		Stdout: []byte("pulumi-language-nodejs (minimal host): not installing; " +
			"modules resolve from the nearest node_modules (run `npm ci` at the repository root)\n"),
	})
}

func (h *nodeHost) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	out, err := exec.CommandContext(ctx, h.node, "--version").Output()
	if err != nil {
		return nil, status.Errorf(codes.Internal, "node --version: %v", err)
	}
	return &pulumirpc.AboutResponse{
		Executable: h.node,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
		Metadata:   map[string]string{"host": "minimal pulumi-language-nodejs " + version},
	}, nil
}

// GetProgramDependencies lists the dependencies declared by the nearest package.json above
// the program, with the versions actually installed when they can be found.
func (h *nodeHost) GetProgramDependencies(
	_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir, _ := programLocation(req.GetInfo(), req.GetProgram(), req.GetPwd())
	for d := dir; ; d = filepath.Dir(d) {
		manifest, err := readPackageJSON(filepath.Join(d, "package.json"))
		if err == nil {
			resp := &pulumirpc.GetProgramDependenciesResponse{}
			for name, wanted := range manifest.Dependencies {
				v := wanted
				if installed, err := readPackageJSON(filepath.Join(d, "node_modules", name, "package.json")); err == nil {
					v = installed.Version
				}
				resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
			}
			return resp, nil
		}
		if filepath.Dir(d) == d {
			return &pulumirpc.GetProgramDependenciesResponse{}, nil
		}
	}
}

type packageJSON struct {
	Version      string            `json:"version"`
	Dependencies map[string]string `json:"dependencies"`
}

func readPackageJSON(path string) (*packageJSON, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p packageJSON
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// JSON "null" would make the Node SDK treat config as absent rather than empty.
func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func nonNilSlice(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
