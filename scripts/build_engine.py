"""Build the compiled engine: the engine's modules compiled with mypyc into ``build/compiled/``.

    python scripts/build_engine.py            # build (about two minutes); nothing to do if up to date
    python scripts/build_engine.py --check    # say whether a current build is there (exit 0) or not (1)

The source in ``engine/`` stays the one implementation; the build is made from it and holds only
extension modules (``build/compiled/``). ``engine/__init__.py`` puts the build in front of the source when it was made
from exactly these sources with this Python (``engine/build.py``), so everything that imports the
engine runs compiled; ``CANASTA_ENGINE=interpreted`` runs the source. Without a C compiler (or
Python's headers) this says so and exits 0: the engine runs interpreted (docs/speed.md).
"""

from __future__ import annotations

import argparse
import fcntl
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.build import BUILD_DIR, BUILD_ROOT, INTERPRETED, SHARED_LIBRARY, STAMP, build_is_current, module_name, source_files, stamp_text  # noqa: E402


def missing_tools() -> str | None:
    """Why a build cannot be made here, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}); on Debian: apt-get install -y build-essential"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include}); on Debian: apt-get install -y python3-dev"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "no mypyc (it comes with the dev dependencies' mypy)"
    return None


def build(quiet: bool, opt: int) -> None:
    work = Path(BUILD_ROOT + ".work")
    shutil.rmtree(work, ignore_errors=True)
    stamp = stamp_text()  # of the sources as copied
    shutil.copytree(ROOT / "engine", work / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    paths = [str(Path("engine", path)) for path in source_files() if module_name(path) not in INTERPRETED]
    setup = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "group, opt, paths = sys.argv[1], sys.argv[2], sys.argv[3:]\n"
        "sys.argv = [sys.argv[0], 'build_ext', '--inplace']\n"
        "setup(name='engine', ext_modules=mypycify(paths, opt_level=opt, group_name=group))\n"
    )
    (work / "setup_engine.py").write_text(setup)
    done = subprocess.run([sys.executable, "setup_engine.py", SHARED_LIBRARY, str(opt), *paths], cwd=work, capture_output=quiet, text=True)
    if done.returncode != 0:
        sys.exit(f"{done.stdout or ''}{done.stderr or ''}the build failed; the engine runs interpreted")
    # keep the extension modules only: every other module is found in the source (engine/build.py)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    shutil.rmtree(BUILD_ROOT, ignore_errors=True)
    root = Path(BUILD_ROOT)
    for built in [*work.glob(SHARED_LIBRARY + "__mypyc*" + suffix), *(work / "engine").rglob("*" + suffix)]:
        target = root / built.relative_to(work)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
    (Path(BUILD_DIR) / STAMP).write_text(stamp)
    shutil.rmtree(work)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 0 if a current build is there, else 1")
    parser.add_argument("--force", action="store_true", help="build even if the build is current")
    parser.add_argument("--opt", type=int, default=3, choices=(0, 1, 2, 3), help="the C compiler's -O (3)")
    parser.add_argument("--quiet", action="store_true", help="leave out the compiler's output")
    args = parser.parse_args()
    if args.check:
        current = build_is_current()
        print("the compiled engine is current" if current else "no current compiled engine")
        return 0 if current else 1
    if build_is_current() and not args.force:
        print(f"the compiled engine in {Path(BUILD_ROOT).relative_to(ROOT)} is current")
        return 0
    reason = missing_tools()
    if reason is not None:
        print(f"the engine runs interpreted: {reason}")
        return 0
    Path(BUILD_ROOT).parent.mkdir(exist_ok=True)
    with open(BUILD_ROOT + ".lock", "w") as lock:  # one build at a time (a test may start one too)
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not build_is_current() or args.force:
            build(args.quiet, args.opt)
    print(f"built the compiled engine in {Path(BUILD_ROOT).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
