package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.structbridge.examples.tzif.TtInfo;
import io.structbridge.examples.tzif.TtInfoArray;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Python module the processor generated for the examples imports (once, TtInfo.py did not: a
 * big-endian struct with a bool made its ctypes class raise TypeError at import, which took the NumPy
 * dtype down with it), and the ctypes class and the dtype of the big-endian, packed TtInfo read the
 * bytes Java wrote.
 */
class GeneratedPythonTest {
    private static final Path CLASSES = Path.of("target/classes");

    @Test
    void everyGeneratedModuleImportsAndTtInfoReadsJavasBytes(@TempDir Path dir) throws Exception {
        Oracles.require("python3");
        List<Path> modules;
        try (Stream<Path> s = Files.walk(CLASSES)) {
            // the loose per-record modules; the package (relative imports) is ExamplesPythonPackageTest's
            // (and not the runtime structbridge_rt.py, which the modules import from their folder)
            modules = s.filter(p -> p.toString().endsWith(".py") && !p.startsWith(CLASSES.resolve("structbridge_examples"))
                            && !p.getFileName().toString().equals("structbridge_rt.py"))
                    .sorted().toList();
        }
        assertFalse(modules.isEmpty(), "no generated Python module under " + CLASSES.toAbsolutePath());
        List<TtInfo> records = List.of(new TtInfo(3600, false, 4), new TtInfo(7200, true, 8), new TtInfo(-89999, true, 255));
        Path bin = dir.resolve("ttinfo.bin");
        try (Arena arena = Arena.ofConfined()) {
            Files.write(bin, TtInfoArray.fromList(arena, records).segment().toArray(ValueLayout.JAVA_BYTE));
        }
        Path script = dir.resolve("check.py");
        Files.writeString(script, """
                import ctypes, importlib.util, os, sys
                for i, path in enumerate(sys.argv[2:]):
                    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))  # the runtime structbridge_rt beside it
                    spec = importlib.util.spec_from_file_location("m%d" % i, path)
                    m = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(m)
                    if m.NAME == "TtInfo":
                        data = open(sys.argv[1], "rb").read()
                        n = len(data) // ctypes.sizeof(m.TtInfo)
                        for k in range(n):
                            c = m.TtInfo.from_buffer_copy(data, k * 6)
                            print("ctypes", c.utoff, c.isdst, c.desigidx)
                        import numpy as np
                        for r in np.frombuffer(data, dtype=m.TtInfo_dtype):
                            print("numpy", int(r["utoff"]), bool(r["isdst"]), int(r["desigidx"]))
                print("imported", len(sys.argv) - 2)
                """);
        List<String> cmd = new ArrayList<>(List.of("python3", script.toString(), bin.toString()));
        modules.forEach(p -> cmd.add(p.toString()));
        String out = Oracles.run(cmd);
        List<String> expected = new ArrayList<>();
        for (String tool : List.of("ctypes", "numpy")) {
            for (TtInfo t : records) {
                expected.add(tool + " " + t.utoff() + " " + (t.isdst() ? "True" : "False") + " " + t.desigidx());
            }
        }
        expected.add("imported " + modules.size());
        assertEquals(expected, out.lines().toList());
    }
}
