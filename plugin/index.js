// `pulumi-integration-platform/plugin`: the provider plugin's resources and functions (see provider/plugin/sdk.ts).
module.exports = require("../dist/provider/plugin/sdk");
