import type { Document, Pair, YAMLMap, YAMLSeq } from "yaml";
import { isRecord } from "../../runtime/shared/record.js";
import { yamlLibrary } from "../libraries.js";
import type { ImportDoc, ImportedTool } from "./import-doc.js";
import {
  digest,
  markerLine,
  readMarker,
  toolPaths,
  valueAt,
  VIEWS,
} from "./marker.js";

/** An import written into an existing spec. */
export interface MergedImport {
  /** The spec's new text: the existing bytes themselves when nothing changed. */
  readonly text: string;
  readonly changed: boolean;
  /** The tools the import added, in the source's order. */
  readonly added: readonly string[];
  /** The imported tools the source no longer has, removed. */
  readonly removed: readonly string[];
  /** What the merge kept of the user's against the source, one line each. */
  readonly notes: readonly string[];
}

/**
 * Writes an import into an existing, valid spec, edited in place through the yaml library's
 * Document API so that the user's layout and comments survive (docs/import.md, "Importing
 * again"). A tool carrying the import's marker (marker.ts) is updated: the paths the source
 * carries follow it, set or removed; a value filled by rule follows it while its digest still
 * matches and is kept once edited; every other key is the user's. A marked tool the source no
 * longer has is removed; a tool without the marker is the user's and left as it is. The
 * top-level `version` follows the source; targets and sections are the user's once written, a
 * target key or a section the import needs and the spec lacks is added.
 */
export function mergeImport(existing: string, doc: ImportDoc): MergedImport {
  const YAML = yamlLibrary();
  const yaml = YAML.parseDocument(existing);
  if (yaml.errors.length > 0 || !YAML.isMap(yaml.contents))
    throw new Error("mergeImport takes a valid spec");
  const state = { changed: false, notes: [] as string[] };
  const edit = new Editor(yaml, state);
  const root = yaml.contents;
  if (doc.version !== undefined)
    edit.set(root, "version", doc.version, ["version"]);
  mergeHeader(edit, yaml, doc);
  mergeTargets(edit, root, doc);
  const sections = edit.seq(root, "sections", ["version", "targets"]);
  const cliSections = new Set(
    sections.items
      .filter((s) => YAML.isMap(s) && YAML.isMap(s.get("cli", true)))
      .map((s) => idOf(s, "id")),
  );
  const tools = edit.seq(root, "tools", ["version", "targets", "sections"]);
  const { added, removed } = mergeTools(edit, tools, doc, cliSections);
  // A section the import names and the spec lacks is added: only where a tool is in it.
  const ids = new Set(sections.items.map((s) => idOf(s, "id")));
  const used = new Set(tools.items.map((t) => idOf(t, "section")));
  for (const section of doc.sections)
    if (!ids.has(section.id as string) && used.has(section.id as string))
      edit.push(sections, section);
  return {
    text: state.changed ? yaml.toString({ lineWidth: 0 }) : existing,
    changed: state.changed,
    added,
    removed,
    notes: state.notes,
  };
}

/**
 * The header's first line says where the spec came from (`Imported by toolgen import mcp from
 * …`): the comment line that begins as it does, up to its " from ", follows it; the rest of the
 * comments is the user's.
 */
function mergeHeader(edit: Editor, yaml: Document, doc: ImportDoc): void {
  const first = doc.header[0];
  const from = first?.indexOf(" from ") ?? -1;
  if (first === undefined || from < 0 || !yaml.commentBefore) return;
  const lead = ` ${first.slice(0, from + 6)}`;
  const lines = yaml.commentBefore.split("\n");
  const at = lines.findIndex((l) => l.startsWith(lead));
  if (at < 0 || lines[at] === ` ${first}`) return;
  lines[at] = ` ${first}`;
  yaml.commentBefore = lines.join("\n");
  edit.changed();
}

/** Targets are the user's once written: a target or a target's key the spec lacks is added. */
function mergeTargets(edit: Editor, root: YAMLMap, doc: ImportDoc): void {
  const YAML = yamlLibrary();
  const targets = edit.map(root, "targets", ["version", "targets"]);
  for (const [name, value] of Object.entries(doc.targets)) {
    const target = targets.get(name, true);
    if (target === undefined) edit.set(targets, name, value, []);
    else if (YAML.isMap(target) && isRecord(value))
      for (const [key, v] of Object.entries(value))
        if (!target.has(key)) edit.set(target, key, v, Object.keys(value));
  }
}

/**
 * The tools: each existing tool answers to the source's tool of its name, or of a name in its
 * `renamed_from` (the user renamed it); a marked tool that answers to none is removed, the
 * others updated; a source's tool that none answers to is added after the one before it.
 */
function mergeTools(
  edit: Editor,
  tools: YAMLSeq,
  doc: ImportDoc,
  cliSections: ReadonlySet<string>,
): { added: string[]; removed: string[] } {
  if (tools.commentBefore && tools.items.length > 0) {
    // The parser gives the first item's comment to the list: it is the item's.
    const first = tools.items[0] as YAMLMap;
    first.commentBefore = joinLines(tools.commentBefore, first.commentBefore);
    tools.commentBefore = undefined;
  }
  const incoming = new Set(doc.tools.map((t) => t.tool.name as string));
  const names = new Set(tools.items.map((n) => idOf(n, "name")));
  const answersTo = (node: unknown): string | undefined => {
    const name = idOf(node, "name");
    if (incoming.has(name)) return name;
    const renamed = toJson((node as YAMLMap).get("renamed_from", true));
    return (Array.isArray(renamed) ? renamed : []).find(
      (n) => typeof n === "string" && incoming.has(n) && !names.has(n),
    );
  };
  const removed: string[] = [];
  for (let i = tools.items.length - 1; i >= 0; i--) {
    const node = tools.items[i] as YAMLMap;
    if (readMarker(node.commentBefore) === null || answersTo(node)) continue;
    removed.unshift(idOf(node, "name"));
    const kept = withoutMarker(node.commentBefore);
    tools.items.splice(i, 1);
    const next = tools.items[i] as YAMLMap | undefined;
    if (kept !== undefined && next !== undefined)
      next.commentBefore = joinLines(kept, next.commentBefore);
    edit.changed();
  }
  const added: string[] = [];
  const index = (name: string) =>
    tools.items.findIndex((n) => answersTo(n) === name);
  const firstKnown = doc.tools
    .map((t) => index(t.tool.name as string))
    .find((i) => i >= 0);
  let cursor = firstKnown ?? tools.items.length;
  for (const tool of doc.tools) {
    const name = tool.tool.name as string;
    const at = index(name);
    if (at >= 0) {
      edit.tool(tools.items[at] as YAMLMap, tool, doc.carries ?? []);
      cursor = at + 1;
      continue;
    }
    // In a section on the CLI, each tool declares its command: a new one, none yet.
    const onCli = cliSections.has(tool.tool.section as string);
    edit.insert(tools, cursor++, onCli ? withCli(tool) : tool);
    if (onCli)
      edit.note(
        `tool ${JSON.stringify(name)} is added with cli: null (its section is on the CLI): give it a usage to list it there`,
      );
    added.push(name);
  }
  return { added, removed };
}

/** Edits of the document, each made only where the value differs, so that a no-op edits nothing. */
class Editor {
  constructor(
    private readonly yaml: Document,
    private readonly state: { changed: boolean; notes: string[] },
  ) {}

  /** Sets `key` of `map` to `value`; a new key goes after the keys of `order` before it. */
  set(map: YAMLMap, key: string, value: unknown, order: readonly string[]) {
    const pair = pairOf(map, key);
    if (pair !== undefined) {
      if (same(toJson(pair.value), value)) return;
      pair.value = this.yaml.createNode(value);
    } else {
      // After the keys the order puts before it; at the end when the order does not name it.
      const place = order.indexOf(key);
      const before = order.slice(0, place);
      let at = place < 0 ? map.items.length : 0;
      map.items.forEach((p, i) => {
        if (before.includes(keyOf(p) as string)) at = i + 1;
      });
      map.items.splice(at, 0, this.yaml.createPair(key, value) as Pair);
    }
    this.state.changed = true;
  }

  note(line: string) {
    this.state.notes.push(line);
  }

  changed() {
    this.state.changed = true;
  }

  /** A new imported tool at `at`, under its marker. */
  insert(seq: YAMLSeq, at: number, tool: ImportedTool) {
    const node = this.yaml.createNode(tool.tool) as YAMLMap;
    node.commentBefore = ` ${markerLine(tool)}`;
    seq.items.splice(at, 0, node);
    seq.flow = false;
    this.state.changed = true;
  }

  delete(map: YAMLMap, key: string) {
    if (map.delete(key)) this.state.changed = true;
  }

  /** The map at `key`, added empty where the spec has none. */
  map(map: YAMLMap, key: string, order: readonly string[]): YAMLMap {
    if (!map.has(key)) this.set(map, key, {}, order);
    return map.get(key, true) as unknown as YAMLMap;
  }

  seq(map: YAMLMap, key: string, order: readonly string[]): YAMLSeq {
    if (!map.has(key)) this.set(map, key, [], order);
    return map.get(key, true) as unknown as YAMLSeq;
  }

  push(seq: YAMLSeq, value: unknown) {
    seq.items.push(this.yaml.createNode(value));
    seq.flow = false;
    this.state.changed = true;
  }

  /** Updates an existing tool with its import: see mergeImport. */
  tool(node: YAMLMap, tool: ImportedTool, carries: readonly string[]) {
    const name = tool.tool.name as string;
    const marker = readMarker(node.commentBefore);
    if (marker === null) {
      this.state.notes.push(
        `tool ${JSON.stringify(name)} has no import comment: it is yours, left as it is`,
      );
      return;
    }
    const current = toJson(node);
    const paths = new Set([...toolPaths(tool.tool), ...carries]);
    // Its name is the user's: the same as the source's, or the one they renamed it to.
    paths.delete("name");
    for (const path of paths) {
      const value = valueAt(tool.tool, path);
      if (tool.filled.includes(path)) {
        const mine = valueAt(current, path);
        const recorded = marker.digests.get(path);
        if (value === undefined || same(mine, value)) continue;
        if (mine !== undefined && digest(mine) !== recorded) {
          if (recorded !== digest(value))
            this.state.notes.push(
              `tool ${JSON.stringify(name)}: your ${path} is kept; the source's would now give another`,
            );
          continue;
        }
      }
      this.setPath(node, path, value, tool.tool);
    }
    const lines = (node.commentBefore ?? "").split("\n");
    lines[marker.line] = ` ${markerLine(tool)}`;
    const comment = lines.join("\n");
    if (comment !== node.commentBefore) {
      node.commentBefore = comment;
      this.state.changed = true;
    }
  }

  /** Sets or (value undefined) removes a tool's path; an emptied view block goes with it. */
  private setPath(
    node: YAMLMap,
    path: string,
    value: unknown,
    tool: Readonly<Record<string, unknown>>,
  ) {
    const order = Object.keys(tool);
    const [key, sub] = path.split(".") as [string, string | undefined];
    if (sub === undefined || !VIEWS.includes(key)) {
      if (value === undefined) this.delete(node, key);
      else this.set(node, key, value, order);
      return;
    }
    if (value === undefined && !node.has(key)) return;
    const view = this.map(node, key, order);
    if (value === undefined) this.delete(view, sub);
    else this.set(view, sub, value, Object.keys(valueAt(tool, key) ?? {}));
    if (view.items.length === 0) this.delete(node, key);
  }
}

function withCli(tool: ImportedTool): ImportedTool {
  return { ...tool, tool: { ...tool.tool, cli: null } };
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyOf(p) === key);
}

function keyOf(pair: Pair): unknown {
  const key = pair.key as { value?: unknown } | string;
  return typeof key === "object" && key !== null ? key.value : key;
}

/** A list item's `key` (a tool's name, a section's id) where it is a string. */
function idOf(node: unknown, key: string): string {
  const value = (node as { get?: (k: string) => unknown }).get?.(key);
  return typeof value === "string" ? value : "";
}

function toJson(node: unknown): unknown {
  return (node as { toJSON?: () => unknown } | null)?.toJSON?.() ?? node;
}

/** Equal as JSON, key order included (a listed tool's bytes depend on it). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function joinLines(a: string, b: string | null | undefined): string {
  return b === undefined || b === null || b === "" ? a : `${a}\n${b}`;
}

/** A comment without the import's marker line; undefined when nothing else is left. */
function withoutMarker(comment: string | null | undefined): string | undefined {
  const marker = readMarker(comment);
  if (marker === null) return comment ?? undefined;
  const lines = comment!.split("\n");
  lines.splice(marker.line, 1);
  return lines.length === 0 || lines.every((l) => l.trim() === "")
    ? undefined
    : lines.join("\n");
}
