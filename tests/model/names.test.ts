import { describe, expect, it } from "vitest";
import {
  camelCase,
  kebabCase,
  pascalCase,
} from "../../generator/model/names.js";

describe("camelCase and pascalCase: the words between runs of _ and -", () => {
  it.each([
    ["delegate_task", "delegateTask", "DelegateTask"],
    ["delegate-task", "delegateTask", "DelegateTask"],
    ["Delegate--task_", "delegateTask", "DelegateTask"],
    ["__a__b__", "aB", "AB"],
    ["list_peers_v2", "listPeersV2", "ListPeersV2"],
    ["get_HTTP_status", "getHTTPStatus", "GetHTTPStatus"],
    ["é_ß", "éSS", "ÉSS"],
    ["a b_c", "a bC", "A bC"],
    ["_", "", ""],
    ["", "", ""],
  ])("%j → %j, %j", (name, camel, pascal) => {
    expect(camelCase(name)).toBe(camel);
    expect(pascalCase(name)).toBe(pascal);
  });
});

describe("kebabCase: CLI option names", () => {
  it.each([
    ["source_workspace_id", "source-workspace-id"],
    ["sourceWorkspaceId", "source-workspace-id"],
    ["retry2Times", "retry2-times"],
    ["HTTPStatus", "httpstatus"],
    ["already-kebab", "already-kebab"],
  ])("%j → %j", (name, kebab) => {
    expect(kebabCase(name)).toBe(kebab);
  });
});
