// Functions through the real engine: a program calling every function changes
// nothing on the platform (preview and up), a Project's secret key passed to an
// Output form keeps only the key secret, a failure prints the function's name
// and the API's answer and nothing else; and ProjectConfig's restoreOnDelete
// puts back a field that was null.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationPlatformClient } from "../../provider/client";
import { environmentOf } from "../../provider/settings";
import { sdk, useE2EStack } from "./harness";
import { useTestPlatform } from "../support/platform";

/** POST /toolkits/multi is a query sent as a POST: it changes nothing. */
const QUERY_POSTS = new Set(["multiToolkits"]);

describe("functions and restoreOnDelete (real engine)", () => {
  const p = useTestPlatform();
  const writes = () => p.writes().filter((w) => !QUERY_POSTS.has(w.route ?? ""));
  // An inline program runs in this process, where the package's @pulumi/pulumi is not the one the
  // Automation API hands the stack config to: functions read the environment here, as in scripts.
  const saved = { ...process.env };
  beforeAll(() => Object.assign(process.env, environmentOf({ baseUrl: p.config.baseUrl, apiKey: p.config.apiKey })));
  afterAll(() => {
    process.env = saved;
  });
  let failing = false;
  let declareConfig = true;
  let serverId = "";

  const e2e = useE2EStack(() => ({
    projectName: "e2e-functions",
    platform: p.config,
    program: async () => {
      const ip = sdk();
      if (failing) await ip.getAuthConfig({ id: "ac_missing" });
      const project = new ip.Project("project", { name: "e2e-functions-project", createApiKey: true });
      if (declareConfig) new ip.ProjectConfig("config", { apiKey: project.apiKey, displayName: "Scratch", restoreOnDelete: true });
      const [toolkits, server] = await Promise.all([ip.getToolkits({ limit: 5 }), ip.getMcpServers({ appKey: "github" }).then((all) => all[0]!)]);
      const config = await ip.getAuthConfig({ id: p.authConfigId });
      const results = await Promise.all([
        ip.getSessionInfo(),
        ip.getToolkit({ slug: "github" }),
        ip.getToolkitsMulti({ toolkits: ["github", "gmail"] }),
        ip.getTriggerTypes({ toolkit_slugs: ["github"] }),
        ip.getTriggerInstances({ show_disabled: true }),
        ip.getMcpServerInstances({ serverId: server.id }),
        ip.generateMcpUrl({ mcp_server_id: server.id, user_ids: ["functions-user"], connected_account_ids: [p.connectedAccountId] }),
        ip.getNanoId({ uuid: config.uuid!, type: "AUTH_CONFIG" }),
      ]);
      const urls = ip.generateMcpUrlOutput({ mcp_server_id: server.id, user_ids: ["functions-user-2"] });
      const session = ip.getSessionInfoOutput({}, { apiKey: project.apiKey });
      return {
        serverId: server.id,
        called: toolkits.length + results.length,
        urls: urls.mcp_url,
        sessionProject: session.apply((s) => s.project.id),
        projectId: project.id,
        projectKey: project.apiKey,
        secretArgs: ip.getToolkitOutput(pulumi.secret({ slug: "github" })).apply((t) => t.slug),
      };
    },
  }));
  it("preview and up of a program calling every function make no write but the resources' own", async () => {
    p.clearLog();
    await e2e.stack.preview();
    expect(writes()).toEqual([]);

    const up = await e2e.stack.up();
    serverId = String(up.outputs.serverId?.value);
    expect(up.outputs.urls?.value).toContain(serverId);
    expect(writes().map((w) => w.route).sort()).toEqual(["createProject", "updateProjectConfig"]);
    expect(p.calls("generateMcpUrl")).toBe(0);
    const instances = (await p.client.mcp.listInstances(serverId)).instances.map((i) => i.instance_id);
    expect(instances).not.toContain("functions-user");

    p.clearLog();
    expect((await e2e.stack.preview()).changeSummary).toEqual({ same: 3 });
    expect(writes()).toEqual([]);
  });

  it("an Output form given a Project's secret key returns a plain result; secret arguments keep it secret", async () => {
    const out = await e2e.stack.outputs();
    expect(out.sessionProject).toEqual({ value: out.projectId?.value, secret: false });
    expect(out.urls?.secret).toBe(false);
    expect(out.secretArgs).toEqual({ value: "github", secret: true });
  });

  it("a failing function prints its name and the API's answer, without stack frames or rejection warnings", async () => {
    failing = true;
    const failure = await e2e.stack.preview().then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    failing = false;
    expect(failure).toBeDefined();
    const text = failure!.message;
    expect(text).toMatch(/getAuthConfig\("ac_missing"\) failed: 404 Not Found: .*request req_/);
    expect(text).not.toMatch(/no stack|PromiseRejectionHandledWarning|\.ts:\d+|\[cause\]|at async/);
  });

  it("restoreOnDelete puts back a display name that was null before the first create", async () => {
    const asProject = new IntegrationPlatformClient({ baseUrl: p.config.baseUrl, apiKey: String((await e2e.stack.outputs()).projectKey?.value) });
    const state = (await e2e.stack.exportStack()).deployment as { resources: { type: string; outputs?: { previous?: unknown } }[] };
    expect(state.resources.find((r) => r.type.endsWith(":ProjectConfig"))?.outputs?.previous).toEqual({ displayName: null });
    expect((await asProject.config.get()).display_name).toBe("Scratch");
    declareConfig = false;
    const up = await e2e.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ delete: 1 });
    expect((await asProject.config.get()).display_name).toBeNull();
  });
});
