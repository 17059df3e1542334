"""toolgen's Python runtime: the code every generated Python package shares.

Hand-written and type-checked in toolgen's repository (runtime/python/toolgen_core), copied as it
is into each generated package as ``<module>._core``. Nothing here depends on a spec: the
generated modules pass in the package's own ``spec.json`` (see ``data``). Only relative imports,
so that the folder works under any package name; the optional integrations (``mcp``,
``langchain_core``) are imported only by the modules that need them.
"""
