package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.jackson.fixtures.Tagged;
import io.structbridge.jackson.fixtures.Tagged_CellStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureStruct;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * C reads the bytes Java wrote: JSON documents are decoded by the generated codec into native
 * structs, the bytes go to a file, and a C program built with gcc against the generated headers
 * switches on the discriminator and prints the live member; what it prints equals the values in
 * the JSON (read by databind's tree model, not by our codec).
 */
class TaggedUnionCReaderTest {
    private static final JsonMapper TREE = JsonMapper.builder().build();

    static final List<String> FIGURES = List.of(
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.5}},\"id\":7}",
            "{\"kind\":\"RECT\",\"shape\":{\"rect\":{\"w\":2.25,\"h\":0.5}},\"id\":-3}",
            "{\"shape\":{\"rect\":{\"w\":1e-3,\"h\":3.0}},\"id\":1000,\"kind\":\"SQUARE\"}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":6.02214076e23}},\"id\":0}");
    static final List<String> CELLS = List.of(
            "{\"type\":1,\"value\":{\"i\":-9007199254740993}}", "{\"type\":2,\"value\":{\"d\":0.1}}",
            "{\"type\":3,\"value\":{\"d\":-2.5e-300}}", "{\"type\":-1,\"value\":{\"s\":\"héllo\"}}");

    @Test
    void cSwitchesOnTheDiscriminatorAndReadsTheLiveMemberJavaWrote(@TempDir Path dir) throws Exception {
        Oracles.requireTool("gcc");
        Path headers = Path.of(Tagged.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        long fs = Tagged_FigureStruct.SIZE;
        long cs = Tagged_CellStruct.SIZE;
        MemorySegment figures = MemorySegment.ofArray(new long[(int) (fs * FIGURES.size() / 8)]);
        for (int i = 0; i < FIGURES.size(); i++) {
            try (var p = JsonCodecTest.STRICT.createParser(FIGURES.get(i))) {
                io.structbridge.jackson.fixtures.Tagged_FigureJson.read(p, figures, i * fs);
            }
        }
        MemorySegment cells = MemorySegment.ofArray(new long[(int) ((cs * CELLS.size() + 7) / 8)]);
        for (int i = 0; i < CELLS.size(); i++) {
            try (var p = JsonCodecTest.STRICT.createParser(CELLS.get(i))) {
                io.structbridge.jackson.fixtures.Tagged_CellJson.read(p, cells, i * cs);
            }
        }
        Files.write(dir.resolve("figures.bin"), figures.toArray(ValueLayout.JAVA_BYTE));
        Files.write(dir.resolve("cells.bin"), java.util.Arrays.copyOf(cells.toArray(ValueLayout.JAVA_BYTE), (int) (cs * CELLS.size())));
        Path c = dir.resolve("read.c");
        Files.writeString(c, """
                #include <stdio.h>
                #include "Tagged_Figure.h"
                #include "Tagged_Cell.h"
                int main(int argc, char **argv) {
                    Tagged_Figure f; Tagged_Cell c;
                    FILE *in = fopen(argv[1], "rb");
                    while (fread(&f, sizeof f, 1, in) == 1) {
                        switch (f.kind) {
                        case TAGGED_KIND_CIRCLE: printf("CIRCLE %a %d\\n", f.shape.circle.r, f.id); break;
                        case TAGGED_KIND_RECT: case TAGGED_KIND_SQUARE:
                            printf("%s %a %a %d\\n", f.kind == TAGGED_KIND_RECT ? "RECT" : "SQUARE",
                                   (double) f.shape.rect.w, (double) f.shape.rect.h, f.id); break;
                        default: printf("bad kind %d\\n", (int) f.kind);
                        }
                    }
                    fclose(in);
                    in = fopen(argv[2], "rb");
                    while (fread(&c, sizeof c, 1, in) == 1) {
                        switch (c.type) {
                        case 1: printf("i %lld\\n", (long long) c.value.i); break;
                        case 2: case 3: printf("d %a\\n", c.value.d); break;
                        case -1: printf("s %.8s\\n", c.value.s); break;
                        default: printf("bad type %d\\n", c.type);
                        }
                    }
                    return 0;
                }
                """);
        Process gcc = new ProcessBuilder("gcc", "-std=c11", "-Wall", "-Werror", "-I", headers.toString(), "-o",
                dir.resolve("read").toString(), c.toString()).redirectErrorStream(true).start();
        String gccOut = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        gcc.waitFor(120, TimeUnit.SECONDS);
        assertEquals(0, gcc.exitValue(), gccOut);
        Process run = new ProcessBuilder(dir.resolve("read").toString(), dir.resolve("figures.bin").toString(),
                dir.resolve("cells.bin").toString()).redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        run.waitFor(60, TimeUnit.SECONDS);

        // C prints doubles with %a (exact hexadecimal), which Double.parseDouble reads back exactly.
        List<String> lines = out.lines().toList();
        assertEquals(FIGURES.size() + CELLS.size(), lines.size(), out);
        for (int i = 0; i < FIGURES.size(); i++) {
            JsonNode n = TREE.readTree(FIGURES.get(i));
            String[] t = lines.get(i).split(" ");
            String kind = n.get("kind").asString();
            assertEquals(kind, t[0], lines.get(i));
            assertEquals(n.get("id").asInt(), Integer.parseInt(t[t.length - 1]), lines.get(i));
            if (kind.equals("CIRCLE")) {
                assertEquals(n.get("shape").get("circle").get("r").asDouble(), Double.parseDouble(t[1]), lines.get(i));
            } else {
                JsonNode r = n.get("shape").get("rect");
                assertEquals((float) r.get("w").asDouble(), (float) Double.parseDouble(t[1]), lines.get(i));
                assertEquals((float) r.get("h").asDouble(), (float) Double.parseDouble(t[2]), lines.get(i));
            }
        }
        for (int i = 0; i < CELLS.size(); i++) {
            JsonNode v = TREE.readTree(CELLS.get(i)).get("value");
            String line = lines.get(FIGURES.size() + i);
            String value = line.substring(2);
            if (v.has("i")) {
                assertEquals("i " + v.get("i").asLong(), line);
            } else if (v.has("d")) {
                assertEquals(v.get("d").asDouble(), Double.parseDouble(value), line);
            } else {
                assertEquals("s " + v.get("s").asString(), line);
            }
        }
    }

    @Test
    void theHeaderSaysWhichMemberEachDiscriminatorValueMakesLive() throws Exception {
        Path headers = Path.of(Tagged.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        String figure = java.nio.file.Files.readString(headers.resolve("Tagged_Figure.h"));
        // Kind: CIRCLE @Code(1), RECT @Code(2), SQUARE @Code(3); Shape: @Case("CIRCLE") circle, @Case({"RECT", "SQUARE"}) rect
        org.junit.jupiter.api.Assertions.assertTrue(figure.contains(
                "tagged by kind: CIRCLE (1) -> circle; RECT (2), SQUARE (3) -> rect; any other value selects no member"), figure);
        String cell = java.nio.file.Files.readString(headers.resolve("Tagged_Cell.h"));
        // Num: @Case(codes = 1) i, @Case(codes = {2, 3}) d, @Case(codes = -1) s
        org.junit.jupiter.api.Assertions.assertTrue(cell.contains("tagged by type: 1 -> i; 2, 3 -> d; -1 -> s;"), cell);
    }
}
