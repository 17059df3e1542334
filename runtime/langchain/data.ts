/**
 * The shape of the generated langchain/tools.json, which toolgen writes from tools.yaml
 * (generator/emitters/langchain/index.ts) with this type and the runtime reads. What the client
 * package's `tools` already says (section, short, whether local, the input schema) is not
 * repeated: load.ts joins the two, so each input schema is written once.
 */

/** What a tool has for LangChain beyond the client's tool table. */
export interface LangchainToolData {
  readonly name: string;
  /** The spec's `when_to_use`, appended to the description on request. */
  readonly whenToUse: string;
  /** Former names, so that a caller still using one is told the new name. */
  readonly renamedFrom: readonly string[];
}

export interface LangchainData {
  /** Section ids in spec order. */
  readonly sections: readonly string[];
  /** Every tool, in spec order. */
  readonly tools: readonly LangchainToolData[];
}
