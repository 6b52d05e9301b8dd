"""Runs the test scripts of arrow's Python helper in one interpreter, one after the other.

Each request is one line of JSON on stdin: {"script": text, "args": [...]}. The script runs as
``python3 -X utf8 - -- args...`` would run it (``sys.argv`` is ``["-", "--", *args]``, ``__name__`` is
``"__main__"``), in fresh globals, with its standard output and error captured. The answer is one line
of JSON on stdout: {"exit": status, "out": text}, where status is what the process's exit status would
have been (0, the ``sys.exit`` code, or 1 for an uncaught exception, whose traceback is in the text).
Modules a script imports stay imported for the next one: that is the point (pyarrow imports once).
"""
import io
import json
import sys
import traceback


def run(script, args):
    out = io.StringIO()
    saved = sys.stdout, sys.stderr, sys.argv
    sys.stdout = sys.stderr = out
    sys.argv = ["-", "--", *args]
    status = 0
    try:
        exec(compile(script, "<stdin>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    except SystemExit as e:
        if e.code is None:
            status = 0
        elif isinstance(e.code, int):
            status = e.code
        else:
            print(e.code, file=out)
            status = 1
    except BaseException:  # the traceback python3 would print, and its exit status
        traceback.print_exc(file=out)
        status = 1
    finally:
        sys.stdout, sys.stderr, sys.argv = saved
    return status, out.getvalue()


def main():
    answers = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        status, text = run(request["script"], request["args"])
        answers.write(json.dumps({"exit": status, "out": text}) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
