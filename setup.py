"""What `pip install .` puts in the package: every Python package of scorekeeper/, accounts/ and
games/ (as setuptools finds them, migrations and scoring included), and templates/, static/,
docs/ and locale/.

Each game's folder (games/kinds/<kind>/) keeps its rules pages beside its Python, as package
data of that package, and its templates/<kind>/ and static/<kind>/ as packages of data of their
own (its tests stay in the checkout).

Those four folders sit at the top of the checkout but are installed inside the scorekeeper
package (scorekeeper/templates/, ...), where settings.py finds them when there is no checkout.
They hold no Python, so pyproject.toml's `packages.find` can't see them, and it can't be combined
with a list; everything else is configured in pyproject.toml.
"""

from setuptools import find_namespace_packages, find_packages, setup

FOLDERS_INSIDE_THE_PACKAGE = ("templates", "static", "docs", "locale")

packages = find_packages(
    include=["scorekeeper", "scorekeeper.*", "accounts", "accounts.*", "games", "games.*"],
    exclude=["*.tests"],
)
package_dir = {}
kinds = [name for name in packages if name.startswith("games.kinds.")]
package_data = {name: ["rules*.md"] for name in kinds}
# A game's templates/<kind>/ and static/<kind>/ hold no Python, yet Python could import them (as
# namespace packages): left out of `packages`, setuptools warns on every install.
for kind in kinds:
    for sub in find_namespace_packages(kind.replace(".", "/"), include=["templates.*", "static.*"]):
        packages.append(f"{kind}.{sub}")
        package_data[f"{kind}.{sub}"] = ["*"]
for folder in FOLDERS_INSIDE_THE_PACKAGE:
    package = f"scorekeeper.{folder}"
    package_dir[package] = folder
    for name in [package, *(f"{package}.{sub}" for sub in find_namespace_packages(folder))]:
        packages.append(name)
        package_data[name] = ["*"]

setup(packages=packages, package_dir=package_dir, package_data=package_data)
