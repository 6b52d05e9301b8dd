package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds the user template ({@code examples/user-template}: one pom.xml, one record, one Main) the way
 * a new user would, with Maven, from a clean local repository, and runs it.
 *
 * <p>The local repository is a new temporary folder ({@code -Dmaven.repo.local}), never ~/.m2. It is
 * seeded with this build's own artifacts only, written in the repository layout: the parent POM and
 * the POM and jar of structbridge-annotations, -layout-runtime and -processor, which the reactor has
 * just packaged (so the test needs the package phase: {@code mvn verify}). Third-party artifacts
 * (plugins, javapoet, the BOMs) are resolved by Maven itself into the clean repository, from a
 * read-only {@code file://} remote repository that points at the outer build's local repository
 * (releases only, so no stale structbridge snapshot there can be used), then from Maven Central.
 * This checks that the template declares everything it needs, with no network and no {@code mvn install}.
 */
@Timeout(600)
class UserTemplateTest {
    private static final List<String> MODULES = List.of("annotations", "layout-runtime", "processor");
    /** The guide (relative to the repository's root) that shows the template's pom and the commands without Maven. */
    private static final String GUIDE = "docs/getting-started.md";

    @TempDir
    Path tmp;

    @Test
    void theTemplateBuildsFromACleanLocalRepositoryAndRuns() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path template = root.resolve("examples/user-template");
        String version = tag(Files.readString(root.resolve("pom.xml")), "version");
        assertEquals(version, tag(Files.readString(template.resolve("pom.xml")), "structbridge.version"),
                "the template's structbridge.version is the project's version");

        Path repo = Files.createDirectories(tmp.resolve("repository"));
        install(repo, "structbridge-parent", version, root.resolve("pom.xml"), null);
        // the BOM the template imports: it has no parent, so its version is written in it, and must be the project's
        assertEquals(version, tag(Files.readString(root.resolve("bom/pom.xml")), "version"), "the BOM's version");
        install(repo, "structbridge-bom", version, root.resolve("bom/pom.xml"), null);
        for (String module : MODULES) {
            String artifact = "structbridge-" + module;
            Path jar = root.resolve(module).resolve("target").resolve(artifact + "-" + version + ".jar");
            if (!Files.isRegularFile(jar)) {
                String reason = jar + " does not exist: the jars are made in the package phase (run mvn verify)";
                if (Oracles.ci()) {
                    fail(reason);
                }
                Assumptions.abort(reason);
            }
            install(repo, artifact, version, root.resolve(module).resolve("pom.xml"), jar);
        }
        Path settings = settings(outerRepository());
        Path project = copy(template, tmp.resolve("particles"));

        // A record whose member order wastes padding: the processor notes it at compile time.
        Files.writeString(project.resolve("src/main/java/com/example/particles/Wasteful.java"),
                "package com.example.particles;\n@io.structbridge.annotations.Struct\n"
                        + "public record Wasteful(byte a, long b, byte c) {}\n");
        String mvn = Oracles.require("mvn").toString();
        List<String> common = List.of(mvn, "-B", "-s", settings.toString(), "-Dmaven.repo.local=" + repo);

        // 1. Maven on the JVM that runs the outer build (Java 17 on this machine kind), from the clean repository.
        long start = System.nanoTime();
        String output = run(concat(common, "compile", "exec:exec"), project, mavenJavaHome());
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        System.out.println("user template: built from a clean local repository and ran in " + seconds + " s");
        assertRan(output);
        assertTrue(output.contains("Note: [SB-PADDING-HOLES] Wasteful wastes 14 bytes of padding"),
                "without -q the processor's note is shown:\n" + output);

        // 2. Maven on this JDK 22+ itself, with "java" on PATH possibly older: exec:exec must still run
        //    the toolchain's JDK; and -q hides the processor's note.
        //    (target/ is deleted here rather than with "clean", whose plugin the outer build never needed.)
        deleteRecursively(project.resolve("target"));
        output = run(concat(common, "-q", "compile", "exec:exec"), project, Path.of(System.getProperty("java.home")));
        assertRan(output);
        assertTrue(!output.contains("SB-PADDING-HOLES"), "-q hides the processor's note:\n" + output);

        // 3. The "without Maven" commands of docs/getting-started.md, verbatim, with "mvn" pointing at the clean repository.
        String readme = Files.readString(root.resolve(GUIDE));
        int at = readme.indexOf("Without Maven, run any JDK 22+");
        assertTrue(at >= 0, GUIDE + " shows how to run without Maven");
        int from = readme.indexOf("```sh\n", at) + "```sh\n".length();
        String block = readme.substring(from, readme.indexOf("\n```", from) + 1);
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path wrapper = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\nexec '" + mvn + "' -s '" + settings
                + "' -Dmaven.repo.local='" + repo + "' \"$@\"\n");
        wrapper.toFile().setExecutable(true);
        Path script = Files.writeString(tmp.resolve("without-maven.sh"), "set -e\nexport PATH='" + bin + "':\"$PATH\"\n"
                + "export JDK22='" + System.getProperty("java.home") + "'\n" + block);
        output = run(List.of("/bin/sh", script.toString()), project, mavenJavaHome());
        assertRan(output);

        // Only the seeded structbridge artifacts are in the clean repository.
        try (Stream<Path> s = Files.list(repo.resolve("io/structbridge"))) {
            assertEquals(List.of("structbridge-annotations", "structbridge-bom", "structbridge-layout-runtime", "structbridge-parent",
                    "structbridge-processor"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }

        // The header the template's build wrote compiles with gcc, static assertions and all.
        Path gcc = Oracles.require("gcc");
        Path header = project.resolve("target/c-headers/Particle.h");
        assertTrue(Files.isRegularFile(header), header + " was written (-Astructbridge.headerDir)");
        Path c = Files.writeString(tmp.resolve("use.c"), "#include \"Particle.h\"\n"
                + "int main(void) { return sizeof(Particle) == 64 ? 0 : 1; }\n");
        run(List.of(gcc.toString(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", header.getParent().toString(),
                "-o", tmp.resolve("use").toString(), c.toString()), tmp, null);
        run(List.of(tmp.resolve("use").toString()), tmp, null);
    }

    @Test
    void theGuideShowsTheTemplatePomVerbatim() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String readme = Files.readString(root.resolve(GUIDE));
        int section = readme.indexOf("## Maven setup for users");
        assertTrue(section >= 0, GUIDE + " has the section");
        int start = readme.indexOf("```xml\n", section) + "```xml\n".length();
        String shown = readme.substring(start, readme.indexOf("\n```", start) + 1);
        assertEquals(Files.readString(root.resolve("examples/user-template/pom.xml")), shown,
                "the user pom.xml of " + GUIDE + " is examples/user-template/pom.xml");
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    private static void assertRan(String output) {
        assertTrue(output.contains("refused: Particle.species: must fit uint8_t (0..255); value 300"), output);
        assertTrue(output.contains("particle 0: x=2.5 species=7 label=proton"), output);
        assertTrue(output.contains("particle 1: neutron"), output);
        assertTrue(output.contains("sizeof(Particle) = 64, 2 particles in 128 bytes"), output);
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all;
    }

    /** The java.home of the JVM that runs the outer Maven (passed by the pom), else this JVM's. */
    private static Path mavenJavaHome() {
        String configured = System.getProperty("structbridge.mavenJavaHome");
        return configured != null && !configured.isBlank() && !configured.contains("${")
                ? Path.of(configured) : Path.of(System.getProperty("java.home"));
    }

    /** The outer build's local repository (passed by the pom), else ~/.m2/repository. */
    private static Path outerRepository() {
        String configured = System.getProperty("structbridge.outerRepository");
        if (configured != null && !configured.isBlank() && !configured.contains("${")) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Writes a POM (and jar) into the repository layout, as mvn install would. */
    private static void install(Path repo, String artifact, String version, Path pom, Path jar) throws IOException {
        Path dir = Files.createDirectories(repo.resolve("io/structbridge").resolve(artifact).resolve(version));
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"));
        if (jar != null) {
            Files.copy(jar, dir.resolve(artifact + "-" + version + ".jar"));
        }
    }

    /** settings.xml: one read-only file:// repository (releases only) before Maven Central. */
    private Path settings(Path outer) throws IOException {
        String url = outer.toUri().toString();
        String repository = "<id>outer-build-cache</id><url>" + url + "</url>"
                + "<releases><enabled>true</enabled><checksumPolicy>ignore</checksumPolicy></releases>"
                + "<snapshots><enabled>false</enabled></snapshots>";
        return Files.writeString(tmp.resolve("settings.xml"), """
                <settings>
                  <profiles>
                    <profile>
                      <id>outer-build-cache</id>
                      <repositories><repository>%s</repository></repositories>
                      <pluginRepositories><pluginRepository>%s</pluginRepository></pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>outer-build-cache</activeProfile></activeProfiles>
                </settings>
                """.formatted(repository, repository));
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path relative = from.relativize(f);
                if (relative.startsWith("target")) {
                    continue;
                }
                Path target = to.resolve(relative.toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    private static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">").matcher(
                xml.replaceAll("(?s)<parent>.*?</parent>", ""));
        assertTrue(m.find(), "no <" + name + ">");
        return m.group(1).trim();
    }

    /**
     * Runs a command in {@code dir} (with JAVA_HOME set when {@code javaHome} is not null); fails with
     * its output unless it exits with 0 within 8 minutes.
     */
    private String run(List<String> command, Path dir, Path javaHome) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "run", ".log");
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("MAVEN_ARGS");
        if (javaHome != null) {
            pb.environment().put("JAVA_HOME", javaHome.toString());
        }
        Process p = pb.start();
        if (!p.waitFor(8, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail(command + " did not finish within 8 minutes:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            fail(command + " exited with " + p.exitValue() + ":\n" + output);
        }
        return output;
    }
}
