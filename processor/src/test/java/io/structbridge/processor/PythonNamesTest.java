package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.processor.model.PythonNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The names {@link PythonNames} embeds are those of the python3 on the machine (skipped without python3, failing
 * under CI=true): every standard-library module, keyword and builtin it knows, and every third-party module that
 * importing NumPy, Pydantic and cffi and validating a model loads, is refused as a record name.
 */
class PythonNamesTest {
    private static List<String> python(String code) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(Gcc.tool("python3"), "-c", code).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("python3 failed: " + out);
        }
        return Arrays.asList(out.strip().split("\\s+"));
    }

    private static Set<String> missing(List<String> real, Set<String> embedded) {
        TreeSet<String> m = new TreeSet<>(real);
        m.removeAll(embedded);
        return m;
    }

    @Test
    void standardLibraryKeywordsAndBuiltinsAreUpToDate() throws Exception {
        assertEquals(Set.of(), missing(python("import sys; print(*sorted(sys.stdlib_module_names))"), PythonNames.STDLIB_MODULES),
                "sys.stdlib_module_names not in PythonNames.STDLIB_MODULES");
        assertEquals(Set.of(), missing(python("import keyword; print(*keyword.kwlist)"), PythonNames.KEYWORDS));
        assertEquals(Set.of(), missing(python("import builtins; print(*[n for n in dir(builtins) if not n.startswith('__')])"),
                PythonNames.BUILTINS));
    }

    @Test
    void thirdPartyModulesTheGeneratedCodeLoadsAreKnown() throws Exception {
        List<String> loaded = python("""
                import sys
                before = {m.split('.')[0] for m in sys.modules}
                import ctypes, struct, typing, numpy, pydantic, cffi, os, stat, weakref, fcntl
                class M(pydantic.BaseModel):
                    x: typing.Annotated[str, pydantic.Field(pattern='^a$')]
                M(x='a')
                cffi.FFI().cdef('typedef struct T { int a; } T;')
                top = {m.split('.')[0] for m in sys.modules} - before - set(sys.stdlib_module_names)
                print(*sorted(m for m in top if m.isidentifier()))  # _sysconfigdata__linux_x86_64-linux-gnu is none
                """);
        assertEquals(Set.of(), missing(loaded, PythonNames.THIRD_PARTY_MODULES), "modules loaded by NumPy, Pydantic, cffi");
    }
}
