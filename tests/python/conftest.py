"""The pytest suite's shared fixture: tmp_path as a directory removed after each test (pytest's
own keeps the last three runs' directories), so that every test removes what it writes."""
import pathlib
import tempfile

import pytest


@pytest.fixture
def tmp_path():
    with tempfile.TemporaryDirectory(prefix="hawser_pytest_") as path:
        yield pathlib.Path(path)
