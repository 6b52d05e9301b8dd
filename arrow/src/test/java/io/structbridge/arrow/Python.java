package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import io.structbridge.oracles.ScriptRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** python3 with a module as the oracle: skipped with the reason off CI, a failure under CI=true ({@link OracleTool}). */
final class Python {
    private Python() {}

    static void requireModule(String module) {
        OracleTool.requirePythonModules(module);
    }

    record Result(int exit, String out) {}

    static Result run(List<String> cmd, String stdin) {
        OracleProcess.Result r = OracleProcess.of(cmd).mergeErrors().timeout(300)
                .input(stdin == null ? null : stdin.getBytes(StandardCharsets.UTF_8)).run();
        return new Result(r.exitCode(), r.stdout());
    }

    /** The interpreter of {@link #read}, started on first use; null until then or after it died. */
    private static Process server;
    private static java.io.BufferedReader answers;

    /**
     * {@return the standard output of {@code script}, as {@link #script} gives it, from one python3 that runs such
     * scripts one after the other} For scripts that only read files and print (pyarrow reading an IPC or Parquet
     * file): their imports stay loaded, so pyarrow is imported once, not once per fixture. {@code script_runner.py source}
     * ({@link ScriptRunner}) runs each with the {@code sys.argv} and {@code __name__} of {@code python3 -X utf8 - --}.
     */
    static synchronized String read(String script, String... args) throws IOException {
        tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
        if (server == null || !server.isAlive()) {
            server = new ProcessBuilder(ScriptRunner.command(ScriptRunner.SOURCE, "-X", "utf8"))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            answers = new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            Process started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::destroy));
        }
        java.util.Map<String, Object> request = new java.util.LinkedHashMap<>();
        request.put("script", script);
        request.put("args", List.of(args));
        java.io.OutputStream to = server.getOutputStream();
        to.write((json.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
        to.flush();
        String line = answers.readLine();
        if (line == null) {
            server = null;
            fail("the script server (python3) exited without an answer");
        }
        tools.jackson.databind.JsonNode answer = json.readTree(line);
        String out = answer.get("out").asString();
        assertEquals(0, answer.get("exit").asInt(), () -> "python3 failed:\n" + out);
        return out;
    }

    /** {@return the standard output of {@code script} run by python3 with UTF-8 I/O; fails on a non-zero exit} */
    static String script(String script, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("python3", "-X", "utf8", "-", "--"));
        cmd.addAll(List.of(args));
        Result r = run(cmd, script);
        assertEquals(0, r.exit, () -> "python3 failed:\n" + r.out);
        return r.out;
    }
}
