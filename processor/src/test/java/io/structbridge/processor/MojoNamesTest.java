package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.write.mojo.MojoWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Component and record names that Mojo treats specially still give a Mojo file the Mojo compiler takes: keywords
 * ({@code def}, {@code fn}, {@code var}, {@code ref}, {@code out}, {@code mut}, {@code comptime}, {@code Self} in
 * backticks), names of Mojo types and of the functions the file uses ({@code Int32}, {@code Array}, {@code String},
 * {@code reflect}, {@code size_of}, {@code Pointer}, which the file imports under {@code _SB_} names), and names every
 * Mojo struct already has: {@code copy} ({@code Copyable}'s method), {@code SIZE}, {@code NAME}: their members are
 * {@code copy_}, {@code SIZE_}, {@code NAME_} (found when {@code copy} broke the Mojo file), in a struct, a bit-field run
 * and a union. The program uses every member and {@code SIZE}, so the layout assertions run too.
 */
class MojoNamesTest {
    @Test
    void hostileNamesCompileInMojo(@TempDir Path dir) throws IOException, InterruptedException {
        String mojo = Gcc.tool("mojo");
        JavaFileObject union = Compilations.source("p.Either", "package p;", "import io.structbridge.annotations.*;",
                "@Union record Either(int copy, float Self) {}");
        JavaFileObject record = Compilations.source("p.Hostile", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Hostile(int copy, int Self, long Int32, byte Array, short Pointer, int fn, int def, int var,",
                "        int ref, int out, int mut, int comptime, double Float64, int String, int reflect, int size_of,",
                "        @Bits(3) int copy_bits, @Bits(4) int get, Either either, @Capacity(4) String text, int SIZE, int NAME) {}");
        JavaFileObject bits = Compilations.source("p.Bitty", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Bitty(@Bits(3) int copy, @Bits(5) int Self) {}");
        Compilation c = Compilations.compile(union, record, bits);
        assertThat(c).succeeded();
        for (String name : List.of("Hostile", "Bitty", "Either")) {
            String text = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", name + ".mojo").orElseThrow()
                    .getCharContent(true).toString();
            Files.writeString(dir.resolve(name + ".mojo"), text);
        }
        Files.writeString(dir.resolve(MojoWriter.RUNTIME), MojoWriter.runtime());
        String main = String.join("\n",
                "from Hostile import Hostile",
                "from Bitty import Bitty",
                "",
                "def main() raises:",
                "    var h = Hostile()",
                "    h.copy_ = 1",
                "    h.`Self` = 2",
                "    h.Int32 = 3",
                "    h.Array = 4",
                "    h.Pointer = 5",
                "    h.SIZE_ = 18",
                "    h.NAME_ = 19",
                "    h.fn = 6",
                "    h.`def` = 7",
                "    h.`var` = 8",
                "    h.`ref` = 9",
                "    h.`out` = 10",
                "    h.`mut` = 11",
                "    h.`comptime` = 12",
                "    h.Float64 = 13.5",
                "    h.String = 14",
                "    h.reflect = 15",
                "    h.size_of = 16",
                "    h.set_copy_bits(Int32(3))",
                "    h.set_get(Int32(-8))",
                "    h.either.copy_() = 17",
                "    h.text.set(\"abc\")",
                "    var b = Bitty()",
                "    b.set_copy(Int32(-4))",
                "    b.set_Self(Int32(15))",
                "    print(Hostile.SIZE, Bitty.SIZE, h.copy_, h.`Self`, h.`comptime`, h.copy_bits(), h.get(), h.either.copy_(),",
                "          h.text.get(), b.copy_(), b.`Self`(), h.SIZE_, h.NAME_, Hostile.NAME)",
                "");
        Path src = dir.resolve("main.mojo");
        Files.writeString(src, main);
        List<String> cmd = new ArrayList<>(List.of(mojo, "build", "-I", dir.toString(), "-o", dir.resolve("main").toString(),
                src.toString()));
        Process build = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        build.waitFor(900, TimeUnit.SECONDS);
        assertEquals(0, build.exitValue(), log + "\n" + Files.readString(dir.resolve("Hostile.mojo")));
        Process run = new ProcessBuilder(dir.resolve("main").toString()).redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        run.waitFor(60, TimeUnit.SECONDS);
        String sizes = out.substring(0, out.indexOf(' ', out.indexOf(' ') + 1));
        long hostile = c.generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Hostile.h").orElseThrow().getCharContent(true)
                .toString().lines().filter(l -> l.contains("sizeof(Hostile) == ")).findFirst().map(l -> Long.parseLong(
                        l.replaceAll(".*sizeof\\(Hostile\\) == (\\d+).*", "$1"))).orElseThrow();
        assertEquals(hostile + " 4", sizes, out);
        assertEquals("1 2 12 3 -8 17 abc -4 15 18 19 Hostile", out.strip().substring(sizes.length() + 1), out);
    }
}
