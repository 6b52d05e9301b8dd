package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every file written at run time (Arrow IPC and Parquet files through {@code ArrowFiles}, struct files)
 * gets the permissions a plain write gives ({@code Files.write} in the same folder: 0666 less the
 * umask), under several umasks: a child JVM ({@link FileModes}) is started by {@code sh} after
 * {@code umask}, since a JVM cannot change its own. The oracle is the plain file of the same child.
 */
class FilePermissionsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"022", "002", "077"})
    void outputFilesHaveThePermissionsOfAPlainWrite(String umask) throws Exception {
        Path out = Files.createDirectories(dir.resolve("umask-" + umask));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", "umask " + umask + " && exec \"$@\"", "sh", java,
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), FileModes.class.getName(), out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), text);
        Map<String, String> modes = new LinkedHashMap<>();
        for (String line : text.strip().split("\n")) {
            String[] f = line.strip().split(" ");
            if (f.length == 2 && f[1].matches("[rwx-]{9}")) {
                modes.put(f[0], f[1]);
            }
        }
        String plain = modes.get("plain");
        assertEquals(expected(umask), plain, "Files.write under umask " + umask + ":\n" + text);
        for (String name : List.of("ipc", "parquet", "parquet-replaced", "structs")) {
            assertEquals(plain, modes.get(name), name + " under umask " + umask + " (a plain write gives " + plain + "):\n" + text);
        }
    }

    /** {@return 0666 less the umask, as rwx text (the plain file must show it: the child really ran under it)} */
    private static String expected(String umask) {
        int mode = 0666 & ~Integer.parseInt(umask, 8);
        StringBuilder b = new StringBuilder();
        for (int bit = 8; bit >= 0; bit--) {
            b.append((mode >> bit & 1) == 0 ? '-' : "rwx".charAt(2 - bit % 3));
        }
        return b.toString();
    }
}
