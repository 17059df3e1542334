/**
 * Handlebars' options for every template: strict (a missing field is an error), and no HTML
 * escaping, since Markdown is not HTML (`noEscape` keeps an apostrophe an apostrophe, not `&#x27;`).
 */
export const TEMPLATE_OPTIONS = { strict: true, noEscape: true } as const;

/**
 * The code Handlebars.precompile writes for toolgen's own templates (templates/docs/*.hbs),
 * by template text. Compiling them costs milliseconds on every run, so scripts/build.mjs puts
 * their precompiled code, with the same options, in place of this module in dist/. From sources
 * there is none and every template is compiled; tests/render/handlebars.isolated.test.ts holds the two
 * ways to the same texts and errors. Keep TEMPLATE_OPTIONS in step with the build's copy.
 */
export function precompiledTemplate(
  _text: string,
): TemplateSpecification | undefined {
  return undefined;
}
