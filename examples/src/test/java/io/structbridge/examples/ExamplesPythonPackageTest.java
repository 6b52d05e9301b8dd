package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples' records as the Python package {@code structbridge_examples} ({@code -Astructbridge.pythonPackage} in
 * this module's pom): pyright (1.1.408, the version src-test-fixtures' PythonPackageTest pins, standard mode, Python
 * 3.11) finds no error in the package nor in any loose module of the class output, and python3 imports the package
 * with NumPy and Pydantic and with both hidden. pyright is installed from npm into
 * {@code ~/.cache/structbridge/pyright-1.1.408} when missing; without node, npm or the registry the test is skipped
 * with the reason (a failure under CI=true).
 */
class ExamplesPythonPackageTest {
    private static final String PYRIGHT = "1.1.408";
    private static final Path CLASSES = Path.of("target/classes").toAbsolutePath();
    private static final Path PACKAGE = CLASSES.resolve("structbridge_examples");

    private static String run(Path dir, Path pythonPath, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        if (pythonPath != null) {
            pb.environment().put("PYTHONPATH", pythonPath.toString());
        }
        Path out = Files.createTempFile("examples-python", ".txt");
        try {
            Process p = pb.redirectOutput(out.toFile()).start();
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + command);
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0 && !command.get(0).endsWith("pyright")) {
                fail(command + " exited with " + p.exitValue() + ":\n" + text);
            }
            return text;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static Path pyright() throws IOException, InterruptedException {
        Oracles.require("node");
        Oracles.require("npm");
        Path home = Path.of(System.getProperty("user.home"), ".cache", "structbridge", "pyright-" + PYRIGHT);
        Path exe = home.resolve("node_modules/.bin/pyright");
        if (!Files.isExecutable(exe)) {
            Files.createDirectories(home.getParent());
            Path tmp = Files.createTempDirectory(home.getParent(), "pyright-install-");
            ProcessBuilder pb = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--prefix", tmp.toString(),
                    "pyright@" + PYRIGHT).redirectErrorStream(true);
            Process p = pb.start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
                String reason = "npm install pyright@" + PYRIGHT + " failed: " + log.strip();
                if (Oracles.ci()) {
                    fail(reason + "; CI=true requires every oracle");
                }
                Assumptions.abort(reason + "; test skipped (set CI=true to make this a failure)");
            }
            try {
                Files.move(tmp, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isExecutable(exe)) {
                    throw e;
                }
            }
        }
        return exe;
    }

    @Test
    void pyrightStandardFindsNoError(@TempDir Path dir) throws IOException, InterruptedException {
        Path python = Oracles.require("python3");
        Path pkg = Files.createDirectories(dir.resolve("pkg/structbridge_examples"));
        Path loose = Files.createDirectories(dir.resolve("loose"));
        int files = 0;
        try (Stream<Path> s = Files.walk(CLASSES)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".py") || p.getFileName().toString().equals("py.typed")).sorted().toList()) {
                Path to = p.startsWith(PACKAGE) ? pkg.resolve(p.getFileName().toString()) : loose.resolve(p.getFileName().toString());
                Files.copy(p, to); // throws if two loose modules had one name: none may be left unchecked
                files += p.toString().endsWith(".py") ? 1 : 0;
            }
        }
        // the runtime the loose modules import: not in the class output (one record per file there), but written by
        // -Astructbridge.pythonDir, which this module's pom sets
        Files.copy(Path.of("target/python/structbridge_rt.py"), loose.resolve("structbridge_rt.py"));
        files++;
        assertTrue(Files.isRegularFile(pkg.resolve("__init__.py")) && Files.isRegularFile(pkg.resolve("py.typed")), "package written");
        Files.writeString(dir.resolve("pyrightconfig.json"), """
                {"typeCheckingMode": "standard", "pythonVersion": "3.11", "include": ["loose", "pkg"], "extraPaths": ["pkg"]}
                """);
        String exe = run(dir, null, List.of(python.toString(), "-c", "import sys; print(sys.executable)")).strip();
        String report = run(dir, null, List.of(pyright().toString(), "--outputjson", "--pythonpath", exe));
        Files.writeString(dir.resolve("report.json"), report);
        String summary = run(dir, null, List.of(python.toString(), "-c", """
                import json
                d = json.load(open("report.json"))
                for g in d["generalDiagnostics"]:
                    print(g["severity"], g["file"] + ":" + str(g["range"]["start"]["line"] + 1), g["message"].replace("\\n", " "))
                print("files", d["summary"]["filesAnalyzed"], "errors", d["summary"]["errorCount"], "warnings", d["summary"]["warningCount"])
                """));
        assertEquals("files " + files + " errors 0 warnings 0", summary.strip(), summary);
    }

    @Test
    void importsWithAndWithoutNumPyAndPydantic() throws IOException, InterruptedException {
        Path python = Oracles.require("python3");
        List<String> out = new ArrayList<>();
        for (String mode : List.of("with", "hide")) {
            out.add(run(CLASSES, null, List.of(python.toString(), "-B", "-c", """
                    import sys
                    if sys.argv[1] == "hide":
                        sys.modules["numpy"] = None
                        sys.modules["pydantic"] = None
                    sys.path.insert(0, sys.argv[2])
                    import structbridge_examples as pkg
                    from structbridge_examples import place
                    missing = [n for n in pkg.__all__ if type(getattr(pkg, n)).__name__ == "_SB_Missing"]
                    assert place.SIZE == __import__("ctypes").sizeof(pkg.Place)
                    try:
                        place.open_array("none.sb")
                    except ImportError as e:
                        assert sys.argv[1] == "hide" and "NumPy" in str(e), e
                    except FileNotFoundError:
                        assert sys.argv[1] == "with"
                    print(sys.argv[1], len(pkg.__all__) > 0, all(n.endswith(("_dtype", "Model")) for n in missing), len(missing) > 0)
                    """, mode, CLASSES.toString())).strip());
        }
        assertEquals(List.of("with True True False", "hide True True True"), out);
    }
}
