export * from "../dist/provider/plugin/sdk";
