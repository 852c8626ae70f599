"""The package as users install it (issue 10 §5): one version with one home, the documents
shipped inside the package and readable from Python and the command line, metadata that
states what the wheel is, and a README whose links work on an index page.

The wheel itself (manylinux2014, abi3, installed where no Rust is) is built and checked by
``scripts/build_wheels.sh`` and ``scripts/check_wheel.sh``: minutes of release build, so not in
every test run (docs/development.md, "Releasing")."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import zhengfen
from zhengfen import docs
from zhengfen.errors import ZhengfenError

ROOT = Path(__file__).resolve().parent.parent


def toml(name: str) -> dict[str, object]:
    """A TOML file of the repository, parsed (Python 3.11+; skips the test before)."""
    tomllib = pytest.importorskip("tomllib", reason="reading TOML needs Python 3.11+")
    with (ROOT / name).open("rb") as file:
        loaded: dict[str, object] = tomllib.load(file)
        return loaded


def table(data: dict[str, object], *keys: str) -> dict[str, object]:
    """``data[keys[0]][keys[1]]...``, each a table."""
    for key in keys:
        found = data[key]
        assert isinstance(found, dict), key
        data = found
    return data


def workspace_version() -> str:
    """The version's one home: Cargo.toml's [workspace.package]."""
    version = table(toml("Cargo.toml"), "workspace", "package")["version"]
    assert isinstance(version, str)
    return version


DOCS_COMMANDS = {
    "python -m zhengfen.docs": ["zhengfen.docs"],
    "zhengfen docs": ["zhengfen", "docs"],
}
"""The two ways to run the documents command, by the name its messages give."""


def run_docs(
    *args: str, command: str = "python -m zhengfen.docs"
) -> subprocess.CompletedProcess[bytes]:
    """The documents command (``python -m zhengfen.docs ARGS`` or ``zhengfen docs ARGS``), as a
    user runs it."""
    return subprocess.run(
        [sys.executable, "-m", *DOCS_COMMANDS[command], *args], capture_output=True, timeout=60
    )


# --- the version ------------------------------------------------------------------------------


def test_the_version_has_one_home() -> None:
    project = table(toml("pyproject.toml"), "project")
    assert "version" not in project, "pyproject.toml must take the version from Cargo.toml"
    assert project["dynamic"] == ["version"]
    for crate in ("zhengfen-core", "zhengfen-py"):
        package = table(toml(f"rust/{crate}/Cargo.toml"), "package")
        assert package["version"] == {"workspace": True}, crate


def test_version_attribute_is_the_installed_workspace_version() -> None:
    assert zhengfen.__version__ == workspace_version()
    assert "__version__" in zhengfen.__all__


def test_version_of_a_tree_that_is_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import PackageNotFoundError

    from zhengfen import _version

    def missing(name: str) -> str:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(_version, "version", missing)
    assert _version.installed_version() == _version.UNKNOWN == "0+unknown"


def test_rust_version_is_honest() -> None:
    """Cargo.toml's rust-version (the README's minimum for ``pip install .``) is at least what
    every locked dependency declares: a lower one promises a build that fails."""
    if shutil.which("cargo") is None:
        pytest.skip("no cargo on PATH")
    found = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--offline"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if found.returncode != 0:
        pytest.skip(f"cargo metadata needs the dependencies downloaded: {found.stderr[-200:]}")

    def parse(version: str) -> tuple[int, ...]:
        return tuple(int(part) for part in version.split("."))

    ours = table(toml("Cargo.toml"), "workspace", "package")["rust-version"]
    assert isinstance(ours, str)
    needs = {
        f"{package['name']} {package['version']}": package["rust_version"]
        for package in json.loads(found.stdout)["packages"]
        if package.get("rust_version")
    }
    assert needs, "cargo metadata lists rust_version for the dependencies"
    too_new = {name: need for name, need in needs.items() if parse(need) > parse(ours)}
    assert too_new == {}, f"rust-version {ours} is below what these need"


# --- metadata ---------------------------------------------------------------------------------


def abi3_minimum() -> tuple[int, int]:
    """The oldest Python the binding's abi3 feature builds for (``abi3-py39`` → (3, 9))."""
    dependencies = table(toml("rust/zhengfen-py/Cargo.toml"), "dependencies")
    pyo3 = dependencies["pyo3"]
    assert isinstance(pyo3, dict)
    features = [f for f in pyo3["features"] if f.startswith("abi3-py")]
    assert len(features) == 1, pyo3
    digits = features[0].removeprefix("abi3-py")
    return 3, int(digits[1:])


def test_requires_python_and_classifiers_match_the_abi3_wheel() -> None:
    project = table(toml("pyproject.toml"), "project")
    major, minor = abi3_minimum()
    assert project["requires-python"] == f">={major}.{minor}"
    classifiers = project["classifiers"]
    assert isinstance(classifiers, list)
    versions = sorted(
        int(c.rsplit(".", 1)[1])
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions[0] == minor, "the oldest version classifier is the abi3 minimum"
    assert versions == list(range(minor, versions[-1] + 1)), "no gaps between versions"
    for system in ("POSIX :: Linux", "MacOS", "Microsoft :: Windows"):
        assert f"Operating System :: {system}" in classifiers


def test_license_is_stated_once_and_shipped() -> None:
    project = table(toml("pyproject.toml"), "project")
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert table(toml("Cargo.toml"), "workspace", "package")["license"] == "MIT"
    classifiers = project["classifiers"]
    assert isinstance(classifiers, list)
    assert not [c for c in classifiers if c.startswith("License ::")], "PEP 639: no classifier"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 The zhengfen developers" in text


def test_no_invented_project_urls() -> None:
    """No public address exists yet: an invented one would be a dead link on the index."""
    urls = table(toml("pyproject.toml"), "project").get("urls", {})
    assert isinstance(urls, dict)
    assert not [url for url in urls.values() if "example.invalid" in str(url)]


# --- the documents ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", docs.names())
def test_each_document_is_the_repository_file(name: str) -> None:
    expected = (ROOT / f"{name}.md").read_text(encoding="utf-8")
    assert docs.text(name) == expected
    assert docs.text(name.lower()) == docs.text(f"{name}.md") == docs.text(f" {name}.MD ")
    assert docs.path(name).is_file()
    assert docs.path(name).read_text(encoding="utf-8") == expected


def test_documents_are_kept_once_in_the_source_tree() -> None:
    """In the repository the package's copies are links to the root files (an sdist or a
    wheel holds real files: scripts/check_dist.py checks those)."""
    folder = ROOT / "python" / "zhengfen" / "docs"
    for name in docs.names():
        shipped = folder / f"{name}.md"
        if shipped.is_symlink():
            assert shipped.resolve() == (ROOT / f"{name}.md").resolve()
        else:  # an unpacked sdist
            assert shipped.read_bytes() == (ROOT / f"{name}.md").read_bytes()
    assert set(docs.names()) == {"RULES", "AI", "CONFORMANCE", "BOTS"}
    assert set(docs.SUMMARIES) == set(docs.names())


@pytest.mark.parametrize("name", ["README", "", "RULES.txt", "../RULES", "x" * 100, "API"])
def test_unknown_documents_are_refused_by_name(name: str) -> None:
    """The hand-written API listing is gone (issue 48 §6): the reference is generated."""
    with pytest.raises(ZhengfenError, match=r"unknown document .*RULES, AI, CONFORMANCE, BOTS$"):
        docs.text(name)
    with pytest.raises(ValueError, match="unknown document"):
        docs.path(name)


def test_a_document_name_must_be_a_string() -> None:
    with pytest.raises(ZhengfenError, match="must be a string, not int"):
        docs.text(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", DOCS_COMMANDS)
def test_docs_command_lists_prints_and_locates(command: str) -> None:
    listing = run_docs(command=command)
    assert listing.returncode == 0, listing.stderr
    out = listing.stdout.decode("utf-8")
    for name in docs.names():
        assert re.search(rf"^{name} +{re.escape(docs.SUMMARIES[name])}$", out, re.MULTILINE)
        assert str(docs.path(name)) in out
    for name in docs.names():
        printed = run_docs(name.lower(), command=command)
        assert printed.returncode == 0, printed.stderr
        assert printed.stdout == (ROOT / f"{name}.md").read_bytes()
        located = run_docs(name, "--path", command=command)
        assert located.stdout.decode().strip() == str(docs.path(name))


@pytest.mark.parametrize("command", DOCS_COMMANDS)
def test_docs_command_refuses_an_unknown_name_with_one_line(command: str) -> None:
    run = run_docs("README", command=command)
    assert run.returncode == 2
    assert run.stdout == b""
    assert run.stderr.decode().splitlines() == [
        f"{command}: unknown document 'README': the documents are RULES, AI, CONFORMANCE, BOTS"
    ]


def test_docs_command_prints_utf8_whatever_the_locale() -> None:
    env = {"PYTHONIOENCODING": "ascii", "LC_ALL": "C", "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-m", "zhengfen.docs", "RULES"], capture_output=True, env=env, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == (ROOT / "RULES.md").read_bytes()


def test_docs_command_stops_quietly_when_the_reader_goes_away() -> None:
    """``python -m zhengfen.docs RULES | head -1``: no BrokenPipeError traceback."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "zhengfen.docs", "RULES"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # the reader leaves before the first byte
    status = reader.wait(timeout=60)
    assert reader.stderr.read() == b""
    assert status in (0, 141)


# --- the README as a long description ----------------------------------------------------------


def test_readme_has_no_relative_links() -> None:
    """The README is the package's page on an index, where a relative link leads nowhere."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]*)\)", readme)
    relative = [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:|#", link)]
    assert relative == []


def test_readme_says_what_installing_from_source_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rust_version = table(toml("Cargo.toml"), "workspace", "package")["rust-version"]
    assert f"Rust {rust_version}" in readme
    assert "python -m zhengfen.docs" in readme
