"""Runs test scripts one after another in one interpreter, so each does not pay Python's, NumPy's and Pydantic's start.

Protocol (PythonWorker.java): one request per line on stdin, the working directory then the script and its arguments,
each base64 of UTF-8, separated by spaces; one reply per line on the worker's own output: the exit code, then base64 of
the script's standard output and of its standard error. Each script runs as
__main__ (runpy) with sys.argv, sys.path[0] (its folder) and the working directory set as `python3 script args` sets
them; afterwards sys.modules, sys.path, the working directory and the warnings filters are put back as they were, so
the modules a script imported (generated modules of the same name in other folders) are imported afresh by the next.
The real standard output is moved to standard error, so output from C code cannot corrupt the replies.
"""
import base64
import io
import os
import runpy
import sys
import traceback
import warnings

try:  # the expensive imports every script repeats; absent libraries are the scripts' business
    import numpy  # noqa: F401
    import pydantic  # noqa: F401
except ImportError:
    pass

replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.__stdout__ = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), encoding="utf-8")
modules = dict(sys.modules)
path = list(sys.path)
cwd = os.getcwd()
filters = list(warnings.filters)

for line in sys.stdin:
    fields = [base64.b64decode(f).decode("utf-8") for f in line.rstrip("\n").split(" ")]
    out = io.BytesIO()
    err = io.BytesIO()
    script_out = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    script_err = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    sys.stdout = script_out
    sys.stderr = script_err
    sys.stdin = io.StringIO("")  # the requests are not the script's input
    code = 0
    try:
        sys.argv = fields[1:]
        os.chdir(fields[0])
        sys.path[:] = [os.path.dirname(os.path.abspath(sys.argv[0]))] + path[1:]
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:  # noqa: B036 - a script's failure is its exit code 1 and traceback, as in its own process
        traceback.print_exc()
        code = 1
    finally:
        script_out.flush()
        script_err.flush()
        script_out.detach()  # the bytes stay readable: a dropped wrapper would close them
        script_err.detach()
        sys.stdout = sys.__stdout__
        sys.stderr = sys.__stderr__
        sys.stdin = sys.__stdin__
        sys.modules.clear()
        sys.modules.update(modules)
        sys.path[:] = path
        os.chdir(cwd)
        warnings.filters[:] = filters
    replies.write(" ".join([str(code), base64.b64encode(out.getvalue()).decode("ascii"),
                            base64.b64encode(err.getvalue()).decode("ascii")]) + "\n")
    replies.flush()
