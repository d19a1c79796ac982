"""The data and schemas reach a built wheel (they live at the top level of the source tree)."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_data_schemas_and_package(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("armybuilder-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "armybuilder/_data/fantasy-triumph/cards.yaml" in names
    assert "armybuilder/_schemas/fantasy-triumph.list.schema.json" in names
    assert "armybuilder/cli/__init__.py" in names
    assert "armybuilder/fonts/DejaVuSans.ttf" in names
    assert "armybuilder/_schemas/roster.schema.json" in names
    # armybuilder serve: its pages and static files ship in the package (no CDN, no network)
    for web_file in sorted((ROOT / "armybuilder" / "web").glob("*/*")):
        if web_file.suffix in (".html", ".css", ".js"):
            assert f"armybuilder/web/{web_file.parent.name}/{web_file.name}" in names
    assert "armybuilder/web/templates/list.html" in names and "armybuilder/web/static/app.js" in names
    for data_file in (ROOT / "data").glob("*/*.yaml"):
        assert f"armybuilder/_data/{data_file.parent.name}/{data_file.name}" in names


def test_resources_found_from_source_tree():
    from armybuilder.resources import data_dir, schema_dir

    assert (data_dir() / "fantasy-triumph" / "cards.yaml").exists()
    assert (schema_dir() / "fantasy-triumph.list.schema.json").exists()
