import type { CorpusCase } from "./base.js";
import { hiddenCases } from "./hidden.js";
import { injectionCases } from "./injection.js";
import { nameCases } from "./names.js";
import { patternCases } from "./patterns.js";
import { refCases } from "./refs.js";
import { structureCases } from "./structure.js";
import { yamlCases } from "./yaml.js";

export type { CorpusCase } from "./base.js";

/** Every class of the corpus; each case's golden is __snapshots__/<class>/<case>.txt. */
export const corpus: Readonly<Record<string, readonly CorpusCase[]>> = {
  yaml: yamlCases,
  structure: structureCases,
  names: nameCases,
  injection: injectionCases,
  hidden: hiddenCases,
  patterns: patternCases,
  refs: refCases,
};
