import { describe, expect, it } from "vitest";
import { minimalVariant, specProblems } from "../helpers/project.js";

// A path segment a URL resolves away (`.`) or up (`..`) sends the request, with the workspace's
// token, to another path than the one the spec shows: gen refuses it however it is written.
const written = "path: /workspaces/{$workspace}/notes";

/** The minimal spec with the add_note tool's path set to `path`, and where that path stands. */
function withPath(path: string): { text: string; line: number; col: number } {
  const text = minimalVariant([written, `path: ${path}`]);
  const lines = text.split("\n");
  const line = lines.findIndex((l) => l.includes(`path: ${path}`));
  return { text, line: line + 1, col: lines[line]!.indexOf("path: ") + 7 };
}

describe("a binding path with a dot segment", () => {
  it.each([
    ["/workspaces/{$workspace}/../admin", "..", ".."],
    ["/workspaces/{$workspace}/./notes", ".", "."],
    ["/workspaces/{$workspace}/%2e%2e/admin", "%2e%2e", ".."],
    ["/workspaces/{$workspace}/%2E%2E/admin", "%2E%2E", ".."],
    ["/workspaces/{$workspace}/.%2E/admin", ".%2E", ".."],
    ["/workspaces/{$workspace}/%2e./admin", "%2e.", ".."],
    ["/workspaces/{$workspace}/%2e/notes", "%2e", "."],
    ["/workspaces/{$workspace}/notes/..", "..", ".."],
    ["/workspaces/{$workspace}\\..\\admin", "..", ".."],
  ])("refuses %s, pointing at the segment", (path, segment, read) => {
    const { text, line, col } = withPath(path);
    const at =
      col +
      path.indexOf(segment === "." ? "/./" : segment) +
      (segment === "." ? 1 : 0);
    const shown =
      segment === read ? `'${segment}'` : `'${segment}' (read as '${read}')`;
    expect(specProblems(text)).toEqual([
      `${line}:${at}: tool 'add_note': the path may not hold a ${shown} segment: a URL resolves it, and the request would go to another path than the one written`,
    ]);
  });

  it.each([
    "/workspaces/{$workspace}/notes.v2",
    "/workspaces/{$workspace}/...",
    "/workspaces/{$workspace}/%2e%2e%2e",
    "/workspaces/{$workspace}/.well-known",
    "/workspaces/{$workspace}/%252e%252e",
  ])("accepts %s: no segment of it is . or ..", (path) => {
    expect(specProblems(withPath(path).text)).toEqual([]);
  });
});
