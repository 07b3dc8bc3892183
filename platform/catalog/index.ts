/**
 * The local platform's read-only catalog: toolkits, tools and trigger types
 * from the data files, and the tool router's meta tools.
 */
export {
  Catalog,
  type Category,
  type ListToolkitsFilter,
  type ListTriggerTypesFilter,
  type ManagedBy,
  type SearchToolsOptions,
  type ToolkitSort,
  type ToolkitVersionsSelector,
  type AuthMode,
  type Tool,
  type ToolkitDetail,
  type ToolkitSummary,
  type TriggerType,
} from "./catalog";
export { CatalogDataError, CatalogError } from "./errors";
export {
  EXTERNAL_META_TOOLS,
  META_TOOLKIT,
  META_TOOLS_VERSION,
  type MetaToolResult,
  type MetaToolSession,
  type Recipe,
  type RecipeStore,
  executeMetaTool,
  sessionTools,
} from "./meta-tools";
export { type DataFile, CATEGORIES_FILE, TOOLKIT_FILES } from "./data-files";
