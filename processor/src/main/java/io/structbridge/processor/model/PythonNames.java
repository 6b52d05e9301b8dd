package io.structbridge.processor.model;

import java.util.List;
import java.util.Set;

/**
 * Names a record may not take because of the generated Python module {@code R.py}: its file name must not
 * shadow a module that Python code imports (a file {@code json.py} beside the generated modules replaces the
 * standard library's {@code json} for every module of that folder), and its class must not clobber a name
 * the module uses or defines. The lists come from Python 3.11 ({@code sys.stdlib_module_names},
 * {@code keyword.kwlist}, {@code dir(builtins)}); a test checks them against the python3 on the machine.
 * The module's own imports are bound to names that begin with {@code _SB_}, which no record can take (the
 * C header refuses an underscore followed by a capital).
 */
public final class PythonNames {
    private PythonNames() {}

    /** {@code sys.stdlib_module_names} of Python 3.11: the top-level modules of the standard library. */
    public static final Set<String> STDLIB_MODULES = Set.of(
            "__future__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2", "_bootsubprocess",
            "_bz2", "_codecs", "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr",
            "_codecs_tw", "_collections", "_collections_abc", "_compat_pickle", "_compression",
            "_contextvars", "_crypt", "_csv", "_ctypes", "_curses", "_curses_panel", "_datetime", "_dbm",
            "_decimal", "_elementtree", "_frozen_importlib", "_frozen_importlib_external", "_functools",
            "_gdbm", "_hashlib", "_heapq", "_imp", "_io", "_json", "_locale", "_lsprof", "_lzma",
            "_markupbase", "_md5", "_msi", "_multibytecodec", "_multiprocessing", "_opcode", "_operator",
            "_osx_support", "_overlapped", "_pickle", "_posixshmem", "_posixsubprocess", "_py_abc",
            "_pydecimal", "_pyio", "_queue", "_random", "_scproxy", "_sha1", "_sha256", "_sha3", "_sha512",
            "_signal", "_sitebuiltins", "_socket", "_sqlite3", "_sre", "_ssl", "_stat", "_statistics",
            "_string", "_strptime", "_struct", "_symtable", "_thread", "_threading_local", "_tkinter",
            "_tokenize", "_tracemalloc", "_typing", "_uuid", "_warnings", "_weakref", "_weakrefset",
            "_winapi", "_zoneinfo", "abc", "aifc", "antigravity", "argparse", "array", "ast", "asynchat",
            "asyncio", "asyncore", "atexit", "audioop", "base64", "bdb", "binascii", "bisect", "builtins",
            "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs",
            "codeop", "collections", "colorsys", "compileall", "concurrent", "configparser", "contextlib",
            "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses", "datetime",
            "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email", "encodings", "ensurepip",
            "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch", "fractions",
            "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext", "glob", "graphlib",
            "grp", "gzip", "hashlib", "heapq", "hmac", "html", "http", "idlelib", "imaplib", "imghdr", "imp",
            "importlib", "inspect", "io", "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache",
            "locale", "logging", "lzma", "mailbox", "mailcap", "marshal", "math", "mimetypes", "mmap",
            "modulefinder", "msilib", "msvcrt", "multiprocessing", "netrc", "nis", "nntplib", "nt", "ntpath",
            "nturl2path", "numbers", "opcode", "operator", "optparse", "os", "ossaudiodev", "pathlib", "pdb",
            "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib", "posix",
            "posixpath", "pprint", "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc",
            "pydoc_data", "pyexpat", "queue", "quopri", "random", "re", "readline", "reprlib", "resource",
            "rlcompleter", "runpy", "sched", "secrets", "select", "selectors", "shelve", "shlex", "shutil",
            "signal", "site", "smtpd", "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3",
            "sre_compile", "sre_constants", "sre_parse", "ssl", "stat", "statistics", "string", "stringprep",
            "struct", "subprocess", "sunau", "symtable", "sys", "sysconfig", "syslog", "tabnanny", "tarfile",
            "telnetlib", "tempfile", "termios", "textwrap", "this", "threading", "time", "timeit", "tkinter",
            "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc", "tty", "turtle",
            "turtledemo", "types", "typing", "unicodedata", "unittest", "urllib", "uu", "uuid", "venv",
            "warnings", "wave", "weakref", "webbrowser", "winreg", "winsound", "wsgiref", "xdrlib", "xml",
            "xmlrpc", "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo");

    /**
     * Third-party modules the generated module imports (NumPy, Pydantic, cffi for {@code CDEF}) and the ones
     * they import in turn (the non-standard entries of {@code sys.modules} after importing them and using a model).
     */
    public static final Set<String> THIRD_PARTY_MODULES = Set.of("numpy", "pydantic", "pydantic_core", "cffi",
            "_cffi_backend", "pycparser", "annotated_types", "typing_extensions", "typing_inspection");

    /** Python's keywords ({@code keyword.kwlist}). */
    public static final Set<String> KEYWORDS = Set.of(
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
            "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
            "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with",
            "yield");

    /** Python's builtins ({@code dir(builtins)} without the dunder names, which the C header refuses anyway). */
    public static final Set<String> BUILTINS = Set.of(
            "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
            "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
            "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
            "DeprecationWarning", "EOFError", "Ellipsis", "EncodingWarning", "EnvironmentError", "Exception",
            "ExceptionGroup", "False", "FileExistsError", "FileNotFoundError", "FloatingPointError",
            "FutureWarning", "GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError",
            "IndexError", "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt",
            "LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "None", "NotADirectoryError",
            "NotImplemented", "NotImplementedError", "OSError", "OverflowError", "PendingDeprecationWarning",
            "PermissionError", "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning",
            "RuntimeError", "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError",
            "SyntaxWarning", "SystemError", "SystemExit", "TabError", "TimeoutError", "True", "TypeError",
            "UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
            "UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError", "Warning",
            "ZeroDivisionError", "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint",
            "bytearray", "bytes", "callable", "chr", "classmethod", "compile", "complex", "copyright",
            "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval", "exec", "exit", "filter",
            "float", "format", "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex", "id",
            "input", "int", "isinstance", "issubclass", "iter", "len", "license", "list", "locals", "map",
            "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print", "property",
            "quit", "range", "repr", "reversed", "round", "set", "setattr", "slice", "sorted", "staticmethod",
            "str", "sum", "super", "tuple", "type", "vars", "zip");

    /** The module name of structbridge's Python runtime {@code structbridge_rt.py}, which every generated module imports. */
    public static final String RUNTIME_MODULE = "structbridge_rt";

    /** The module's public names besides the per-record ones. */
    public static final Set<String> MODULE_NAMES = Set.of("CDEF", "FINGERPRINT", "SIZE", "ALIGNMENT", "NAME", "open_array",
            "validate_array", "Violation", "ARROW_COLUMNS", "arrow_schema", "record_batches", "arrow_stream", "to_arrow");

    /** Suffixes of the names the module defines per record R: {@code R_dtype}, {@code RModel}, {@code R_TEXT}, {@code R_ENUMS}, {@code RView}, {@code RRecord}. */
    public static final List<String> RECORD_SUFFIXES = List.of("_dtype", "Model", "_TEXT", "_ENUMS", "View", "Record");

    /** {@return why a record whose Python module and class are named {@code name} cannot have that name, or null} */
    public static String recordProblem(String name) {
        if (KEYWORDS.contains(name)) {
            return name + " is a Python keyword";
        }
        if (STDLIB_MODULES.contains(name) || THIRD_PARTY_MODULES.contains(name)) {
            return "the file " + name + ".py would shadow Python's module " + name + " (imported by the generated "
                    + "modules, directly or through NumPy, Pydantic or cffi) for every module of its folder";
        }
        if (BUILTINS.contains(name)) {
            return name + " is a Python builtin, which the class would hide from the module's own code";
        }
        if (name.equals(RUNTIME_MODULE)) {
            return "the file " + name + ".py is structbridge's Python runtime, which every generated module imports and the "
                    + "processor writes into -Astructbridge.pythonDir and the Python package";
        }
        if (MODULE_NAMES.contains(name)) {
            return name + " is a name the module itself defines (CDEF, FINGERPRINT, SIZE, ALIGNMENT, NAME, open_array, validate_array, Violation, "
                    + "ARROW_COLUMNS, arrow_schema, record_batches, arrow_stream, to_arrow)";
        }
        return null;
    }

    /**
     * {@return the first clash among the names a module defines for the records {@code names} (each record R
     * gives R, R_dtype, RModel, R_TEXT, R_ENUMS, RView, RRecord), as "A and B_dtype", or null}
     */
    public static String moduleClash(java.util.Collection<String> names) {
        for (String r : names) {
            for (String other : names) {
                for (String suffix : RECORD_SUFFIXES) {
                    if (!r.equals(other) && r.equals(other + suffix)) {
                        return r + " (the record) and " + other + suffix + " (generated for " + other + ")";
                    }
                }
            }
        }
        return null;
    }

    /**
     * {@return why the {@code enum.IntEnum} classes the module binds for the enums of {@code fields} (and of nested
     * records' fields, at any depth) cannot be bound, or null}: each is named after its enum's flat name
     * ({@code Outer_Inner}), so it must not be a Python keyword, a builtin, a module-level name, a record's name or a
     * name generated for a record (R, R_dtype, RModel, R_TEXT, R_ENUMS, RView, RRecord), and two enums of one module
     * must not share a flat name.
     *
     * @param recordNames the flat names of the records the module holds
     * @param fields the components of the module's record
     */
    public static String enumClash(java.util.Collection<String> recordNames, List<FieldModel> fields) {
        java.util.Map<String, String> enums = new java.util.LinkedHashMap<>();
        String clash = collectEnums(fields, enums, new java.util.HashSet<>());
        if (clash != null) {
            return clash;
        }
        for (String e : enums.keySet()) {
            if (KEYWORDS.contains(e)) {
                return "enum " + e + ": " + e + " is a Python keyword";
            }
            if (BUILTINS.contains(e) || MODULE_NAMES.contains(e)) {
                return "enum " + e + ": " + e + " is a Python builtin or a name the module defines";
            }
            for (String r : recordNames) {
                if (r.equals(e)) {
                    return e + " (the enum " + enums.get(e) + ") and " + r + " (a record)";
                }
                for (String suffix : RECORD_SUFFIXES) {
                    if (e.equals(r + suffix)) {
                        return e + " (the enum " + enums.get(e) + ") and " + r + suffix + " (generated for " + r + ")";
                    }
                }
            }
        }
        return null;
    }

    private static String collectEnums(List<FieldModel> fields, java.util.Map<String, String> enums, Set<String> seen) {
        for (FieldModel f : fields) {
            List<FieldModel> nested = switch (f.type()) {
                case FieldType.Nested n -> seen.add(n.struct().cName()) ? n.struct().fields() : List.of();
                case FieldType.NestedArray a -> seen.add(a.struct().cName()) ? a.struct().fields() : List.of();
                case FieldType.EnumCode e -> {
                    String previous = enums.putIfAbsent(e.type().flatName(), e.type().canonicalName());
                    if (previous != null && !previous.equals(e.type().canonicalName())) {
                        yield null;
                    }
                    yield List.of();
                }
                default -> List.of();
            };
            if (nested == null) {
                FieldType.EnumCode e = (FieldType.EnumCode) f.type();
                return e.type().flatName() + " (the enum " + enums.get(e.type().flatName()) + ") and " + e.type().flatName()
                        + " (the enum " + e.type().canonicalName() + ")";
            }
            String inner = collectEnums(nested, enums, seen);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    /**
     * {@return why {@code enum.IntEnum} (CPython 3.11, {@code enum.EnumType}) refuses a member named {@code constant}
     * in the enum named {@code enumName}, or null if it takes it} The generated module would fail on import: a
     * {@code _sunder_} name (reserved, or an Enum hook such as {@code _missing_}, {@code _order_}), a {@code __dunder__}
     * name (taken as a class attribute, not a member), a private name {@code _<enumName>__x} (mangled), and
     * {@code mro} (the type's method).
     */
    public static String enumMemberProblem(String enumName, String constant) {
        int n = constant.length();
        if (constant.equals("mro")) {
            return "it is the method mro() of every Python class";
        }
        if (n > 2 && constant.charAt(0) == '_' && constant.charAt(n - 1) == '_' && constant.charAt(1) != '_'
                && constant.charAt(n - 2) != '_') {
            return "Python's enum reserves _sunder_ names for itself (_missing_, _order_, _ignore_, _generate_next_value_ ...)";
        }
        if (n > 4 && constant.startsWith("__") && constant.endsWith("__") && constant.charAt(2) != '_'
                && constant.charAt(n - 3) != '_') {
            return "Python's enum takes a __dunder__ name as a class attribute, not a member";
        }
        String mangled = "_" + enumName + "__";
        if (n > mangled.length() && constant.startsWith(mangled) && !constant.endsWith("__")) {
            return "Python's enum takes " + mangled + "... as a private (name-mangled) class attribute, not a member";
        }
        return null;
    }
}
