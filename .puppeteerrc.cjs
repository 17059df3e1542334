// Puppeteer (a dependency of an MCP server the import tests run) downloads no browser: none is
// reached, and the tests only list its tools.
module.exports = { skipDownload: true };
