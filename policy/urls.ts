/** URLs in declarations: https only (webhooks, logos, and any other URL property). */
import {
  type Plain,
  type PlainObject,
  type ResourcePolicy,
  UNKNOWN,
  configSchema,
  isObject,
  isProviderResource,
  propsOf,
  readConfig,
  shortType,
} from "./lib";

export interface HttpsUrlsConfig {
  /** Accept http:// for loopback hosts (localhost, *.localhost, 127.0.0.0/8, [::1]). */
  allowLocalhost: boolean;
}

const httpsUrlsSchema = configSchema<HttpsUrlsConfig>({
  allowLocalhost: {
    type: "boolean",
    default: true,
    description:
      "Accept http:// URLs whose host is loopback (localhost, *.localhost, 127.0.0.0/8, [::1]), e.g. against the local platform.",
  },
});

/** A property that holds a URL or a list of URLs: its name ends in url/Url/_url or urls/Urls/_urls. */
export function isUrlKey(key: string): boolean {
  return /urls?$/i.test(key);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

interface FoundUrl {
  path: string;
  value: string;
}

/** Every string under a URL-named key, at any depth (e.g. logoUrl, triggerConfig.webhook_url). */
function findUrls(value: Plain | undefined, path: string, underUrlKey: boolean, out: FoundUrl[]): void {
  if (value === UNKNOWN || value === null || value === undefined) return;
  if (typeof value === "string") {
    if (underUrlKey) out.push({ path, value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => findUrls(item, `${path}[${i}]`, underUrlKey, out));
    return;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value as PlainObject)) {
      if (key.startsWith("__")) continue; // engine-internal, e.g. the serialized dynamic provider
      findUrls(item, path ? `${path}.${key}` : key, isUrlKey(key), out);
    }
  }
}

/** Why the URL is refused, or undefined if it is fine (or not a URL at all). */
export function urlProblem(value: string, allowLocalhost: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined; // not an absolute URL: not this policy's business (the API validates the format)
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && allowLocalhost && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) {
    return "uses http on a loopback host, which the policy config does not allow (allowLocalhost: false)";
  }
  return `uses ${url.protocol.replace(/:$/, "")}, not https`;
}

export const httpsUrls: ResourcePolicy = {
  name: "https-urls",
  description:
    "Every URL an Integration Platform resource declares (webhook and logo URLs: logoUrl, and any property named " +
    "*Url, *_url or *Urls, also nested, e.g. in triggerConfig) uses https, so that payloads, secrets and images are not sent " +
    "in clear. http:// to a loopback host (localhost, 127.0.0.1, [::1]) is accepted while config `allowLocalhost` is true " +
    "(the default, for the local platform). Values that are not absolute URLs are left to the API's validation. " +
    "Fix: change the URL to https://.",
  enforcementLevel: "mandatory",
  configSchema: httpsUrlsSchema,
  validateResource: (args, reportViolation) => {
    if (!isProviderResource(args.type)) return;
    const { allowLocalhost } = readConfig(args, httpsUrlsSchema);
    const found: FoundUrl[] = [];
    findUrls(propsOf(args.props), "", false, found);
    for (const { path, value } of found) {
      const problem = urlProblem(value, allowLocalhost);
      if (problem) {
        reportViolation(`${shortType(args.type)} ${path} ${JSON.stringify(value)} ${problem}. Use an https:// URL.`);
      }
    }
  },
};

export const urlPolicies = [httpsUrls];
