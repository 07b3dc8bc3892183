/**
 * The per-call probe of bench/rate-limit.ts (c), in a fresh process of its own so that its CPU time
 * starts cold, as a provider process's does:
 *
 *   node dist/bench/provider-call-probe.js MODE   (stdin: {"url", "apiKey", "ids"} as JSON)
 *
 * Loads @pulumi/pulumi first (the dynamic-provider host has it loaded before any provider; not
 * counted), then reads every id once, 8 at a time (the engine's default parallelism), with MODE:
 * `undici` (a bare GET on a keep-alive agent and JSON.parse: the floor of any client built on
 * undici), `client` (our client's `mcp.get`: route table, auth, retry policy, response schema) or
 * `provider` (the McpServer provider's `read`, as the engine calls it on refresh, minus gRPC).
 * Prints one JSON line: {loadMs, perCallMs} — the CPU of loading MODE's modules plus the first
 * call, and the CPU per call of the rest (all threads of the process: JIT and GC included).
 */
import { SETTINGS } from "../provider/settings";

const MODES = ["undici", "client", "provider"] as const;
type ProbeMode = (typeof MODES)[number];

const PARALLEL = 8;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/** The function reading one id in `mode`, from the installed package as a provider process loads it. */
function reader(mode: ProbeMode, url: string, apiKey: string): (id: string) => Promise<unknown> {
  if (mode === "undici") {
    const undici = require("undici") as typeof import("undici");
    const dispatcher = new undici.Agent({ keepAliveTimeout: 4_000 });
    return async (id) => {
      const response = await undici.request(`${url}/api/v3/mcp/${id}`, { headers: { "x-api-key": apiKey, accept: "application/json" }, dispatcher });
      return JSON.parse(await response.body.text()) as unknown;
    };
  }
  process.env[SETTINGS.baseUrl.env] = url;
  process.env[SETTINGS.apiKey.env] = apiKey;
  if (mode === "client") {
    const { projectClient } = require("pulumi-integration-platform/dist/provider/clients.js") as typeof import("../provider/clients");
    return (id) => projectClient(apiKey).mcp.get(id);
  }
  const provider = require("pulumi-integration-platform/dist/provider/resources/mcp-server.provider.js") as typeof import("../provider/resources/mcp-server.provider");
  // What the state records beside the id: the project (so no session call) and, here, the key.
  return (id) => provider.read(id, { projectId: "recorded", apiKey } as Parameters<typeof provider.read>[1]);
}

async function main(): Promise<void> {
  const mode = process.argv[2] as ProbeMode;
  if (!MODES.includes(mode)) throw new Error(`usage: provider-call-probe.js ${MODES.join("|")} < {"url","apiKey","ids"}`);
  const { url, apiKey, ids } = JSON.parse(await readStdin()) as { url: string; apiKey: string; ids: string[] };
  require("@pulumi/pulumi");
  const start = cpuMs();
  const read = reader(mode, url, apiKey);
  await read(ids[0]!);
  const loaded = cpuMs();
  let next = 1;
  const worker = async () => {
    while (next < ids.length) await read(ids[next++]!);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const done = cpuMs();
  process.stdout.write(`${JSON.stringify({ loadMs: loaded - start, perCallMs: (done - loaded) / (ids.length - 1) })}\n`);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`provider-call probe: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
