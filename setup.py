"""Build step that pyproject.toml cannot express: the course notebooks go into the wheel.

The series, the labs and the instructor guide live once in the repository
(``notebooks/``, ``docs/teaching.md``). At build time they are copied into the
wheel as package data under ``bleu_lab/_course/``, in the same layout, so
``bleu-lab notebooks DIR`` works after a plain ``pip install``. The solved labs
stay out of the wheel (students install it too). Which files ship is decided
by ``bleu_lab/course.py`` (loaded by path: the package's own
dependencies are not installed while it is built). An editable install skips
the copy and reads the repository directly.
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _course_module():
    spec = importlib.util.spec_from_file_location("_bleu_lab_course", HERE / "bleu_lab" / "course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class build_py_with_course(build_py):
    """build_py, then copy the course files into build/lib/bleu_lab/_course/."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        course = _course_module()
        sources = course.shipped_sources(HERE)
        if not any(part == "series" for _, _, part in sources):
            raise SystemExit("setup.py: no notebooks/*.ipynb found: the wheel would have no course")
        target = Path(self.build_lib) / "bleu_lab" / course.PACKAGED
        for source, _, _ in sources:
            destination = target / source.relative_to(HERE)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)


setup(cmdclass={"build_py": build_py_with_course})
