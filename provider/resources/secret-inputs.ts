/** Keys given as resource inputs are always stored as secrets, even when passed as plain strings. */
import * as pulumi from "@pulumi/pulumi";

export function secretApiKey(apiKey: pulumi.Input<string> | undefined): pulumi.Output<string> | undefined {
  return apiKey === undefined ? undefined : pulumi.secret(apiKey);
}
