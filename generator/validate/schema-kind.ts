/** Which schema of a tool a check reads: its input or its output. */
export type SchemaKind = "input" | "output";
