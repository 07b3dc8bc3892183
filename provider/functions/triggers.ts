/** Trigger functions: trigger types and the project's trigger instances, auto-paged. */
import type { ListActiveTriggersQuery, ListTriggerTypesQuery, TriggerInstance, TriggerType } from "../../api";
import { collect, outputForm, withProject, type InvokeOptions } from "./invoke";

export function getTriggerTypes(args: ListTriggerTypesQuery = {}, opts?: InvokeOptions): Promise<TriggerType[]> {
  return withProject("getTriggerTypes", opts, (client) => collect(client.triggers.listTypes(args)));
}
export const getTriggerTypesOutput = outputForm(getTriggerTypes);

export function getTriggerInstances(args: ListActiveTriggersQuery = {}, opts?: InvokeOptions): Promise<TriggerInstance[]> {
  return withProject("getTriggerInstances", opts, (client) => collect(client.triggers.listActive(args)));
}
export const getTriggerInstancesOutput = outputForm(getTriggerInstances);
