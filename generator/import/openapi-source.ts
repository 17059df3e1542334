import fs from "node:fs";
import { isRecord } from "../../runtime/shared/record.js";
import { yamlLibrary } from "../libraries.js";
import { jsonOffsets, lineCols } from "./openapi-positions.js";

/** A document that cannot be imported: located problems, said one a line, exit 2, nothing written. */
export class OpenApiError extends Error {
  override name = "OpenApiError";
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
  }
}

/** An OpenAPI document as read: its value, its version, and where a pointer is in its text. */
export interface OpenApiSource {
  readonly file: string;
  readonly doc: Readonly<Record<string, unknown>>;
  /** "3.0" or "3.1". */
  readonly version: "3.0" | "3.1";
  /**
   * `file#/pointer`, with a mark that `located` turns into ` (line:col)`: positions are found
   * for all the lines of a report at once, in one pass over the text.
   */
  where(pointer: string): string;
  /** The lines with each mark of `where` replaced by the position it stands for (or nothing). */
  located(lines: readonly string[]): string[];
}

/** The largest document read: past it, one line says so (a spec is at most 16 MiB too). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Reads a local OpenAPI 3.0 or 3.1 document, JSON or YAML. A file that cannot be read or parsed,
 * Swagger 2.0 or anything that is not an OpenAPI 3 document is an OpenApiError.
 */
export function readOpenApi(file: string, shown: string): OpenApiSource {
  let text: string;
  try {
    const size = fs.statSync(file).size;
    if (size > MAX_DOCUMENT_BYTES)
      throw new OpenApiError([
        `${shown}: ${size} bytes, more than the ${MAX_DOCUMENT_BYTES} an import reads`,
      ]);
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if (e instanceof OpenApiError) throw e;
    throw new OpenApiError([
      `cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    ]);
  }
  const body = text.replace(/^\uFEFF/, "");
  const { value: doc, json } = parsed(body, shown);
  const { where, located } = locator(body, shown, json);
  if (!isRecord(doc))
    throw new OpenApiError([
      `${shown}: not an OpenAPI document (its top level is not a mapping)`,
    ]);
  if (typeof doc.swagger === "string")
    throw new OpenApiError(
      located([
        `${where("/swagger")}: Swagger ${doc.swagger} is not read: convert it to OpenAPI 3 first (e.g. npx swagger2openapi ${shown} -o openapi.yaml)`,
      ]),
    );
  const v = doc.openapi;
  const version =
    typeof v === "string" && /^3\.0\.\d+/.test(v)
      ? "3.0"
      : typeof v === "string" && /^3\.1\.\d+/.test(v)
        ? "3.1"
        : null;
  if (version === null)
    throw new OpenApiError(
      located([
        v === undefined
          ? `${shown}: not an OpenAPI document (no 'openapi' version at its top level)`
          : `${where("/openapi")}: OpenAPI ${JSON.stringify(v)} is not read: toolgen reads 3.0.x and 3.1.x`,
      ]),
    );
  if (!isRecord(doc.paths) && !isRecord(doc.webhooks))
    throw new OpenApiError([`${shown}: the document has no 'paths'`]);
  return { file, doc, version, where, located };
}

function parsed(
  body: string,
  shown: string,
): { value: unknown; json: boolean } {
  if (/^\s*[{[]/.test(body)) {
    try {
      return { value: JSON.parse(body), json: true };
    } catch {
      // JSON with comments or trailing commas: YAML may read it, and says where it fails.
    }
  }
  const YAML = yamlLibrary();
  const lines = new YAML.LineCounter();
  const doc = YAML.parseDocument(body, {
    lineCounter: lines,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const error = doc.errors[0];
  if (error !== undefined) {
    const at = lines.linePos(error.pos[0]);
    throw new OpenApiError([
      `${shown}:${at.line}:${at.col}: not JSON or YAML: ${error.message.split("\n")[0]}`,
    ]);
  }
  try {
    return { value: doc.toJS({ maxAliasCount: 1000 }), json: false };
  } catch (e) {
    throw new OpenApiError([`${shown}: ${(e as Error).message}`]);
  }
}

/** A mark of a pointer in a line: U+0001, its number, U+0002. */
const MARK = /\u0001(\d+)\u0002/g;

/**
 * Positions are looked up only for the lines reported, all at once: JSON through a scan that
 * enters only what leads to them (openapi-positions.ts), YAML through the yaml library's nodes.
 */
function locator(
  text: string,
  shown: string,
  json: boolean,
): Pick<OpenApiSource, "where" | "located"> {
  const pointers: string[] = [];
  const ids = new Map<string, number>();
  return {
    where(pointer) {
      let id = ids.get(pointer);
      if (id === undefined) {
        id = pointers.push(pointer) - 1;
        ids.set(pointer, id);
      }
      return `${shown}#${pointer}\u0001${id}\u0002`;
    },
    located(lines) {
      const wanted = new Set<number>();
      for (const line of lines)
        for (const m of line.matchAll(MARK)) wanted.add(Number(m[1]));
      const offsets = json
        ? jsonOffsets(
            text,
            [...wanted].map(
              (id) => [String(id), pointerPath(pointers[id]!)] as const,
            ),
          )
        : yamlOffsets(text, wanted, pointers);
      const at = lineCols(text, offsets.values());
      return lines.map((line) =>
        line.replace(MARK, (_, id: string) => {
          const offset = offsets.get(id);
          const lc = offset === undefined ? undefined : at.get(offset);
          return lc === undefined ? "" : ` (${lc[0]}:${lc[1]})`;
        }),
      );
    },
  };
}

function yamlOffsets(
  text: string,
  wanted: ReadonlySet<number>,
  pointers: readonly string[],
): Map<string, number> {
  const out = new Map<string, number>();
  if (wanted.size === 0) return out;
  const YAML = yamlLibrary();
  const doc = YAML.parseDocument(text, { uniqueKeys: false });
  for (const id of wanted) {
    const node = nodeAt(doc.contents, pointerPath(pointers[id]!));
    if (node?.range !== undefined) out.set(String(id), node.range[0]);
  }
  return out;
}

/** The YAML node at a path of keys, each compared as text (a YAML key `200` is the number 200). */
function nodeAt(
  root: unknown,
  path: readonly string[],
): { range?: [number, number, number] } | undefined {
  const YAML = yamlLibrary();
  let node: unknown = root;
  for (const token of path) {
    if (YAML.isMap(node))
      node = node.items.find(
        (p) => String(YAML.isScalar(p.key) ? p.key.value : p.key) === token,
      )?.value;
    else if (YAML.isSeq(node)) node = node.items[Number(token)];
    else return undefined;
  }
  return node as { range?: [number, number, number] } | undefined;
}

/** A JSON pointer's reference tokens, unescaped. */
export function pointerPath(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return pointer === "" ? [] : [""];
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The JSON pointer of a path of keys. */
export function pointerOf(path: readonly (string | number)[]): string {
  return path
    .map((k) => `/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`)
    .join("");
}
