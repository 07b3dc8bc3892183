import { describe, expect, it } from "vitest";
import { httpsUrls, isLoopbackHost, isUrlKey, urlProblem } from "../../policy/urls";
import { unknown, validateResource } from "./harness";

describe("https-urls", () => {
  it("passes https URLs", () => {
    expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: "https://cdn.example.com/logo.png" })).toEqual([]);
    expect(validateResource(httpsUrls, "ProjectConfig", { displayName: "no urls here" })).toEqual([]);
  });

  it("reports an http logo URL and says how to fix it", () => {
    expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: "http://cdn.example.com/logo.png" })).toEqual([
      'ProjectConfig logoUrl "http://cdn.example.com/logo.png" uses http, not https. Use an https:// URL.',
    ]);
  });

  it("finds URL properties of any resource of the provider, also nested and in lists", () => {
    const violations = validateResource(httpsUrls, "TriggerInstance", {
      triggerName: "GITHUB_COMMIT_EVENT",
      connectedAccountId: "ca_1",
      triggerConfig: {
        webhook_url: "http://hooks.example.com/in",
        callbackUrls: ["https://ok.example.com", "ftp://files.example.com/x"],
        note: "http://not-a-url-property.example.com",
      },
    });
    expect(violations).toEqual([
      'TriggerInstance triggerConfig.webhook_url "http://hooks.example.com/in" uses http, not https. Use an https:// URL.',
      'TriggerInstance triggerConfig.callbackUrls[1] "ftp://files.example.com/x" uses ftp, not https. Use an https:// URL.',
    ]);
    expect(validateResource(httpsUrls, "pulumi-nodejs:dynamic/integration-platform:Webhook", { webhookUrl: "http://x.example.com" })).toHaveLength(1);
  });

  it("allows http to loopback hosts by default, not when allowLocalhost is false", () => {
    for (const url of ["http://localhost:8080/logo.png", "http://127.0.0.1/x", "http://[::1]:3000/", "http://app.localhost/"]) {
      expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: url }), url).toEqual([]);
      expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: url }, { allowLocalhost: false }), url).toEqual([
        expect.stringContaining("allowLocalhost: false"),
      ]);
    }
    expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: "http://localhost.example.com/" })).toHaveLength(1);
  });

  it("leaves values that are not absolute URLs, unknown values and other resources alone", () => {
    expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: "cdn.example.com/logo.png" })).toEqual([]);
    expect(validateResource(httpsUrls, "ProjectConfig", { logoUrl: unknown.string })).toEqual([]);
    expect(validateResource(httpsUrls, "TriggerInstance", { triggerConfig: unknown.object })).toEqual([]);
    expect(validateResource(httpsUrls, "TriggerInstance", { triggerConfig: { urls: [unknown.string, "http://x.example.com"] } })).toHaveLength(1);
    expect(validateResource(httpsUrls, "aws:s3/bucket:Bucket", { websiteUrl: "http://x.example.com" })).toEqual([]);
    expect(validateResource(httpsUrls, "ProjectConfig", { __provider: "exports.handler = () => 'http://x'", __url: "http://x" })).toEqual([]);
  });
});

describe("URL helpers", () => {
  it("recognise URL property names", () => {
    for (const key of ["logoUrl", "logo_url", "url", "webhookURL", "redirectUrls", "event_webhook_url"]) expect(isUrlKey(key), key).toBe(true);
    for (const key of ["urlencoded", "curly", "name"]) expect(isUrlKey(key), key).toBe(false);
  });

  it("recognise loopback hosts", () => {
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("127.1.2.3")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
    expect(isLoopbackHost("localhost.evil.com")).toBe(false);
  });

  it("explain the problem", () => {
    expect(urlProblem("https://x", false)).toBeUndefined();
    expect(urlProblem("data:image/png;base64,AAAA", true)).toBe("uses data, not https");
  });
});
