/**
 * The provider configuration, at the gRPC level: @pulumi/pulumi's provider
 * server answers `configure` without looking at the configuration, and
 * `checkConfig`/`diffConfig` with UNIMPLEMENTED. These handlers take their
 * place: `configure` hands `integration-platform:baseUrl`, `apiKey` and
 * `orgApiKey` to the settings the lifecycle reads (environment variables
 * remain the fallback, as for dynamic resources); `checkConfig` refuses, at
 * preview, a base URL the client would refuse; `diffConfig` reports which
 * settings changed (an update of the provider, never a replacement: the
 * objects stay where they are).
 */
import { createRequire } from "node:module";
import { normalizeBaseUrl } from "../client/client";
import { isUnknown } from "../resources/diff";
import { configureFrom, SETTINGS, type SettingName } from "../settings";
import { reveal } from "./secrets";

// The protobuf classes of the very copy of @pulumi/pulumi that serves the plugin.
const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi"));
/* eslint-disable @typescript-eslint/no-require-imports */
const provproto = pulumiRequire("./proto/provider_pb");
const structproto = pulumiRequire("google-protobuf/google/protobuf/struct_pb");
/* eslint-enable @typescript-eslint/no-require-imports */

type Callback = (err: unknown, response?: unknown) => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Call = { request: any };
type Values = Record<string, unknown>;

const NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings in a provider's inputs (`baseUrl`, …), from the new-style args or the legacy `<pkg>:config:<key>` variables. */
function settingsOf(args: Values, variables: Map<string, string> | undefined): Partial<Record<SettingName, string>> {
  const values: Partial<Record<SettingName, string>> = {};
  for (const name of NAMES) {
    const [pkg, key] = SETTINGS[name].config.split(":");
    const value = args[name] ?? variables?.get(`${pkg}:config:${key}`) ?? variables?.get(SETTINGS[name].config);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * Why a base URL cannot be used, if it cannot: the client's own check, so
 * that preview refuses exactly what the client would refuse at the first call.
 */
export function baseUrlProblem(value: unknown): string | undefined {
  if (value === undefined || isUnknown(value)) return undefined;
  if (typeof value !== "string") return "must be a string";
  try {
    normalizeBaseUrl(value);
    return undefined;
  } catch (err) {
    // The reason is prefixed with the setting's full name: "integration-platform:baseUrl must …".
    return (err as Error).message.replace(/^baseUrl /, "");
  }
}

export const configHandlers = {
  configure(call: Call, callback: Callback): void {
    try {
      const args = call.request.getArgs() ? reveal(call.request.getArgs().toJavaScript()).plain : {};
      const values = settingsOf(args, call.request.getVariablesMap?.());
      configureFrom({ get: (key) => values[NAMES.find((n) => SETTINGS[n].config === key)!] });
      const resp = new provproto.ConfigureResponse();
      resp.setAcceptsecrets(true);
      resp.setAcceptresources(true);
      resp.setAcceptoutputs(true);
      callback(null, resp);
    } catch (err) {
      callback(err);
    }
  },

  checkConfig(call: Call, callback: Callback): void {
    try {
      const news = call.request.getNews();
      const problem = baseUrlProblem(reveal(news?.toJavaScript()).plain.baseUrl);
      const resp = new provproto.CheckResponse();
      // The inputs go back exactly as sent: secrets stay wrapped.
      resp.setInputs(news ?? new structproto.Struct());
      if (problem) {
        const failure = new provproto.CheckFailure();
        failure.setProperty("baseUrl");
        failure.setReason(`${SETTINGS.baseUrl.config} ${problem}`);
        resp.setFailuresList([failure]);
      }
      callback(null, resp);
    } catch (err) {
      callback(err);
    }
  },

  diffConfig(call: Call, callback: Callback): void {
    try {
      const olds = reveal(call.request.getOlds()?.toJavaScript()).plain;
      const news = reveal(call.request.getNews()?.toJavaScript()).plain;
      const changed = NAMES.filter((name) => (olds[name] ?? undefined) !== (news[name] ?? undefined));
      const resp = new provproto.DiffResponse();
      resp.setChanges(changed.length ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
      resp.setDiffsList(changed);
      callback(null, resp);
    } catch (err) {
      callback(err);
    }
  },
};
