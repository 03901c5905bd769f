"""The import graph of `scoring`: no cycles among its modules (but any named here), and no import inside
a function unless a comment beside it names the cycle it breaks (issue 12). `make lint` checks the same
with import-linter's `acyclic_siblings` contract; this test names the modules of a cycle, not the package.
"""

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
FIRST_PARTY = ("scoring", "tournaments", "config")

# (importer, imported) -> why the cycle stays. Keep in step with the contract's ignore_imports. None left:
# the tasks that send tasks again (coalescing re-queue, sweep) do it in scoring.tasks itself.
ALLOWED_CYCLE_IMPORTS: dict[tuple[str, str], str] = {}


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(*FIRST_PARTY, include_external_packages=False, cache_dir=None)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    modules = {m for m in graph.modules if m.split(".")[0] in FIRST_PARTY}
    return {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_scoring_has_no_import_cycle_but_the_named_ones():
    edges = _edges(_graph())
    for importer, imported in ALLOWED_CYCLE_IMPORTS:
        # A stale entry would hide a new cycle through the same two modules.
        assert imported in edges[importer], f"{importer} -> {imported} is gone: remove it from the allowed list"
        edges[importer].discard(imported)
    cycles = [c for c in _cycles(edges) if any(m.split(".")[0] == "scoring" for m in c)]
    assert cycles == [], f"import cycles in scoring: {cycles}"


def _local_imports(tree: ast.AST):
    """Each import statement inside a function body, with the name of the function."""
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    yield func.name, node


def _comment_beside(lines: list[str], node: ast.stmt) -> str:
    """The comment on the import's first line, or the comment lines right above it (over a block of
    imports, the comment above the first one)."""
    first = node.lineno - 1
    same_line = lines[first].partition("#")[2]
    above = []
    row = first - 1
    while row >= 0 and lines[row].strip().startswith(("#", "from ", "import ")):
        if lines[row].strip().startswith("#"):
            above.append(lines[row].strip())
        row -= 1
    return " ".join([same_line, *above])


def test_every_import_inside_a_function_in_scoring_names_the_cycle_it_breaks():
    offenders = []
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        source = path.read_text()
        lines = source.splitlines()
        for function, node in _local_imports(ast.parse(source)):
            comment = _comment_beside(lines, node)
            where = f"{path.relative_to(ROOT)}:{node.lineno} ({function})"
            if path.name == "apps.py" and function == "ready":
                # Django's place for hooks and signal receivers: the apps must be loaded first. Say why.
                if not comment.strip():
                    offenders.append(f"{where}: no comment saying why")
            elif "cycle" not in comment:
                offenders.append(f"{where}: no comment naming the cycle")
    assert offenders == []


def test_the_check_of_local_imports_sees_a_missing_comment():
    source = "def f():\n    # cycle: a -> b -> a\n    import b\n\n\ndef g():\n    x = 1\n    import c\n"
    lines = source.splitlines()
    comments = {name: _comment_beside(lines, node) for name, node in _local_imports(ast.parse(source))}
    assert "cycle" in comments["f"] and comments["g"].strip() == ""
