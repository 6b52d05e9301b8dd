package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared changes of docs/layout-lock.md in the generated C: a {@code @Reserved} member keeps its bytes, so gcc
 * lays out every other member, the size and the alignment as it laid out the record before the member was removed;
 * the header compiles as C11 and C++17 with every warning an error and {@code -pedantic}.
 */
class DeclaredChangesTest {
    private static final String POS = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Pos(float x, double y) {}
            """;
    /** Before: every member live. The most aligned members are the ones removed later. */
    private static final String BEFORE = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Tick(
                    byte flag,
                    double price,
                    short lots,
                    Pos at,
                    @Capacity(5) String venue,
                    @Length(3) int[] counts,
                    char letter,
                    long last) {}
            """;
    /** After: price, at, counts and last removed with their bytes kept; lots renamed. */
    private static final String AFTER = """
            package dc;
            import io.structbridge.annotations.*;
            @Struct record Tick(
                    byte flag,
                    @Reserved double price,
                    @FormerName("lots") short quantity,
                    @Reserved Pos at,
                    @Capacity(5) String venue,
                    @Reserved @Length(3) int[] counts,
                    char letter,
                    @Reserved long last) {}
            """;

    private static final List<String> KEPT = List.of("flag", "venue", "letter");

    @Test
    void reservedBytesKeepGccsOffsetsSizeAndAlignment(@TempDir Path dir) throws IOException {
        for (String pack : List.of("", "(pack = 2)", "(align = 32)")) {
            String before = BEFORE.replace("@Struct record Tick", "@Struct" + pack + " record Tick");
            String after = AFTER.replace("@Struct record Tick", "@Struct" + pack + " record Tick");
            Path b = dir.resolve("b" + pack.length());
            Path a = dir.resolve("a" + pack.length());
            DiskCompilation cb = DiskCompilation.compile(b, Map.of("dc.Tick", before, "dc.Pos", POS));
            assertTrue(cb.success(), () -> String.join("\n", cb.errors()));
            DiskCompilation ca = DiskCompilation.compile(a, Map.of("dc.Tick", after, "dc.Pos", POS));
            assertTrue(ca.success(), () -> String.join("\n", ca.errors()));
            String hb = Files.readString(b.resolve("classes/dc/Tick.h"));
            String ha = Files.readString(a.resolve("classes/dc/Tick.h"));
            String pos = strip(Files.readString(a.resolve("classes/dc/Pos.h")));
            Gcc.Layout was = Gcc.layout(pos + strip(hb), "Tick", "flag", "lots", "venue", "letter", "price", "at", "counts", "last");
            Gcc.Layout is = Gcc.layout(pos + strip(ha), "Tick", "flag", "quantity", "venue", "letter",
                    "sb_reserved_price", "sb_reserved_at", "sb_reserved_counts", "sb_reserved_last");
            assertEquals(was.size(), is.size(), pack);
            assertEquals(was.alignment(), is.alignment(), pack);
            for (String m : KEPT) {
                assertEquals(was.offset(m), is.offset(m), pack + " " + m);
            }
            assertEquals(was.offset("lots"), is.offset("quantity"), pack);
            for (String m : List.of("price", "at", "counts", "last")) {
                assertEquals(was.offset(m), is.offset("sb_reserved_" + m), pack + " " + m);
            }
            // the struct files of both agree: the fingerprint keeps the removed and the renamed members
            assertEquals(fingerprint(hb), fingerprint(ha));
            assertFalse(ha.contains(" price;") || ha.contains(" last;"), ha);
            for (boolean cxx : List.of(false, true)) {
                Map<String, String> files = new LinkedHashMap<>();
                files.put("main." + (cxx ? "cpp" : "c"), "#include \"Tick.h\"\nint main(void) { return sizeof(Tick) == 0; }\n");
                files.put("Tick.h", ha);
                files.put("Pos.h", Files.readString(a.resolve("classes/dc/Pos.h")));
                Gcc.Result r = Gcc.checkPedantic(cxx, files);
                assertTrue(r.ok(), () -> (cxx ? "g++: " : "gcc: ") + r.output() + "\n" + ha);
            }
        }
    }

    private static String fingerprint(String header) {
        int at = header.indexOf("#define SB_FINGERPRINT_Tick \"");
        return header.substring(at, header.indexOf('\n', at));
    }

    /** {@return a generated header's text without its #include lines of other generated headers} */
    static String strip(String header) {
        StringBuilder b = new StringBuilder();
        for (String l : header.split("\n")) {
            if (!l.startsWith("#include \"")) {
                b.append(l).append('\n');
            }
        }
        return b.toString();
    }
}
