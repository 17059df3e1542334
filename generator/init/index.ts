export {
  planInit,
  SPEC,
  OUT,
  type InitPlan,
  type InitStep,
  type InitStatus,
  type InitAction,
} from "./plan.js";
export { applyInit, InitConflictError } from "./apply.js";
export { projectNames, type ProjectNames } from "./names.js";
