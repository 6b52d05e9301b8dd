"""Runs test scripts one after another in one interpreter, so each does not pay Python's (and pyarrow's, NumPy's,
Pydantic's) start. Both protocols below run a script as its own python3 process would, with its output captured and
its exit status computed by run_captured.

``python3 script_runner.py source`` (arrow's Python.read): each request is one line of JSON on stdin,
{"script": text, "args": [...]}. The script runs as ``python3 -X utf8 - -- args...`` would run it (``sys.argv`` is
``["-", "--", *args]``, ``__name__`` is ``"__main__"``), in fresh globals, with its standard output and error captured
together. The answer is one line of JSON on stdout: {"exit": status, "out": text}. Modules a script imports stay
imported for the next one: that is the point (pyarrow imports once).

``python3 script_runner.py files`` (the fixtures' PythonWorker): one request per line on stdin, the working directory
then the script file and its arguments, each base64 of UTF-8, separated by spaces; one reply per line on the runner's
own output: the exit code, then base64 of the script's standard output and of its standard error. Each script runs as
__main__ (runpy) with sys.argv, sys.path[0] (its folder) and the working directory set as `python3 script args` sets
them; afterwards sys.modules, sys.path, the working directory and the warnings filters are put back as they were, so
the modules a script imported (generated modules of the same name in other folders) are imported afresh by the next.
The real standard output is moved to standard error, so output from C code cannot corrupt the replies.
"""
import base64
import io
import json
import os
import runpy
import sys
import traceback
import warnings


def run_captured(body, stdout, stderr):
    """Runs body() with sys.stdout and sys.stderr replaced; returns the exit status its own process would have had
    (0, the sys.exit code, or 1 for an uncaught exception, whose traceback goes to stderr)."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = stdout, stderr
    try:
        body()
        return 0
    except SystemExit as e:
        if e.code is None:
            return 0
        if isinstance(e.code, int):
            return e.code
        print(e.code, file=stderr)
        return 1
    except BaseException:  # noqa: B036 - a script's failure is its exit code 1 and traceback, as in its own process
        traceback.print_exc(file=stderr)
        return 1
    finally:
        sys.stdout, sys.stderr = saved


def serve_source():
    answers = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        out = io.StringIO()
        saved_argv = sys.argv

        def body():
            sys.argv = ["-", "--", *request["args"]]
            exec(compile(request["script"], "<stdin>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})

        try:
            status = run_captured(body, out, out)
        finally:
            sys.argv = saved_argv
        answers.write(json.dumps({"exit": status, "out": out.getvalue()}) + "\n")
        answers.flush()


def serve_files():
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
        sys.stdin = io.StringIO("")  # the requests are not the script's input

        def body():
            sys.argv = fields[1:]
            os.chdir(fields[0])
            sys.path[:] = [os.path.dirname(os.path.abspath(sys.argv[0]))] + path[1:]
            runpy.run_path(sys.argv[0], run_name="__main__")

        try:
            code = run_captured(body, script_out, script_err)
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


if __name__ == "__main__":
    {"source": serve_source, "files": serve_files}[sys.argv[1]]()
