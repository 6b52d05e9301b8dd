package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.oracles.OracleTool;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * python3 running inside this JVM (libpython loaded through FFM, {@code Py_InitializeEx(0)}: no signal
 * handlers), so that pyarrow and the Java import share one address space and C Data Interface structs
 * pass between them as pointers, as between any two libraries of one process. libpython is loaded with
 * {@code RTLD_GLOBAL} (extension modules such as pyarrow resolve the interpreter's symbols through it).
 * Each {@link #run} takes the GIL ({@code PyGILState_Ensure}) and gives it back, so any thread may call;
 * release callbacks of pyarrow's exports take it themselves when they need it.
 *
 * <p>Scripts exchange data through the module {@code __main__}: {@link #run} executes a script,
 * {@link #text} returns {@code str(eval(expression))}. An exception in a script fails the test with
 * Python's traceback text (kept by the script prologue in {@code _sb_error}).
 */
final class EmbeddedPython {
    private EmbeddedPython() {}

    private static final Linker LINKER = Linker.nativeLinker();
    private static MethodHandle runString;
    private static MethodHandle ensure;
    private static MethodHandle releaseGil;
    private static String unavailable;

    /** Loads and starts the interpreter once; skips the test off CI if python3, libpython or {@code module} is missing. */
    static synchronized void require(String module) {
        Python.requireModule(module);
        if (runString == null && unavailable == null) {
            try {
                start();
            } catch (Throwable t) {
                unavailable = "libpython could not be loaded into the JVM: " + t;
            }
        }
        if (unavailable != null) {
            OracleTool.missing(unavailable);
        }
    }

    private static void start() throws Throwable {
        String where = Python.script("import sysconfig, os\n"
                + "print(os.path.join(sysconfig.get_config_var('LIBDIR'), sysconfig.get_config_var('LDLIBRARY')))\n").strip();
        Path lib = Path.of(where);
        if (!Files.isRegularFile(lib)) {
            throw new IOException("python3 names " + lib + " as its shared library, which does not exist (a static build?)");
        }
        MethodHandle dlopen = LINKER.downcallHandle(LINKER.defaultLookup().find("dlopen").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        final int rtldNowGlobal = 0x2 | 0x100;
        MemorySegment handle = (MemorySegment) dlopen.invokeExact(Arena.global().allocateFrom(lib.toString()), rtldNowGlobal);
        if (handle.address() == 0) {
            throw new IOException("dlopen(" + lib + ") failed");
        }
        SymbolLookup py = SymbolLookup.libraryLookup(lib, Arena.global());
        MethodHandle init = LINKER.downcallHandle(py.find("Py_InitializeEx").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
        MethodHandle save = LINKER.downcallHandle(py.find("PyEval_SaveThread").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS));
        ensure = LINKER.downcallHandle(py.find("PyGILState_Ensure").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT));
        releaseGil = LINKER.downcallHandle(py.find("PyGILState_Release").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT));
        runString = LINKER.downcallHandle(py.find("PyRun_SimpleString").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        init.invokeExact(0);
        MemorySegment state = (MemorySegment) save.invokeExact(); // the GIL is free for any thread from here on
        if (state.address() == 0) {
            throw new IOException("PyEval_SaveThread returned NULL");
        }
        run("import sys, traceback\n_sb_error = ''\n");
    }

    /** Runs {@code script} in {@code __main__}; fails the test with the traceback if it raises. */
    static void run(String script) {
        String wrapped = "try:\n" + indent(script) + "\nexcept BaseException:\n    _sb_error = traceback.format_exc()\nelse:\n"
                + "    _sb_error = ''\n";
        int rc = call(wrapped);
        if (rc != 0) {
            fail("the embedded Python could not run the script (rc " + rc + "):\n" + script);
        }
        String error = eval("_sb_error");
        if (!error.isEmpty()) {
            fail("the embedded Python raised:\n" + error + "\nin:\n" + script);
        }
    }

    /** {@return {@code str(expression)} evaluated in {@code __main__}} */
    static String text(String expression) {
        return eval("str(" + expression + ")");
    }

    private static String eval(String expression) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            // the text is encoded once and left referenced in __main__ until the next call: its bytes stay valid while copied
            int rc = call("_sb_out = (" + expression + ").encode('utf-8')\nimport ctypes as _sb_ct\n"
                    + "_sb_buf = _sb_ct.create_string_buffer(_sb_out, len(_sb_out))\n"
                    + "_sb_ct.c_void_p.from_address(" + out.address() + ").value = _sb_ct.addressof(_sb_buf)\n"
                    + "_sb_ct.c_int64.from_address(" + size.address() + ").value = len(_sb_out)\n");
            if (rc != 0) {
                fail("the embedded Python could not evaluate " + expression);
            }
            long n = size.get(ValueLayout.JAVA_LONG, 0);
            byte[] bytes = out.get(ValueLayout.ADDRESS, 0).reinterpret(n).toArray(ValueLayout.JAVA_BYTE);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static synchronized int call(String script) {
        try (Arena arena = Arena.ofConfined()) {
            int gil = (int) ensure.invokeExact();
            try {
                return (int) runString.invokeExact(arena.allocateFrom(script, StandardCharsets.UTF_8));
            } finally {
                releaseGil.invokeExact(gil);
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static String indent(String script) {
        return String.join("\n", script.lines().map(l -> "    " + l).toList()) + "\n    pass";
    }
}
